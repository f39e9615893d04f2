import { myMoneySchema, type MyMoney } from '@tripcrew/contracts/expenses';
import { expenseKeys, moneyPath } from './expense-keys.ts';
import { useMoneyQuery } from './expense-money-query.ts';

export type { MyMoney };

/**
 * GET /core/trips/{id}/money/mine: the caller's own part of a trip's money (their balance and the
 * entries they pay or share), for everyone in the trip and for someone who left with money open.
 */
export function useMyMoney(tripId: string) {
  return useMoneyQuery(expenseKeys.mine(tripId), moneyPath(tripId, 'money/mine'), myMoneySchema);
}
