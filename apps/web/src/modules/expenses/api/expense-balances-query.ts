import type { Balances } from '@tripcrew/contracts/expenses';
import { expenseKeys, moneyPath } from './expense-keys.ts';
import { useMoneyQuery } from './expense-money-query.ts';

/**
 * GET /core/trips/{id}/balances: everyone's balance and the fewest transfers that settle them.
 * Its contract loads beside the request: the trip page hands this hook to the members tab, and its
 * first render waits for no contract chunk.
 */
export function useBalances(tripId: string) {
  return useMoneyQuery<Balances>(
    expenseKeys.balances(tripId),
    moneyPath(tripId, 'balances'),
    import('@tripcrew/contracts/expenses').then((contracts) => contracts.balancesSchema),
  );
}
