import { useQuery } from '@tanstack/react-query';
import { myMoneySchema, type MyMoney, type OpenMoney, openMoneySchema } from '@tripcrew/contracts/expenses';
import { apiGet } from '../../../lib/api-client.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';
import { useMoneyQuery } from './expense-money-query.ts';

export type { MyMoney, OpenMoney };

/**
 * GET /core/trips/{id}/money/mine: the caller's own part of a trip's money (their balance and the
 * entries they pay or share), for everyone in the trip and for someone who left with money open.
 */
export function useMyMoney(tripId: string) {
  return useMoneyQuery(expenseKeys.mine(tripId), moneyPath(tripId, 'money/mine'), myMoneySchema);
}

/** GET /core/money/open: the trips the caller left (or was removed from) with money still open. */
export function useOpenMoney() {
  return useQuery({
    queryKey: expenseKeys.open,
    queryFn: ({ signal }) => apiGet('/core/money/open', openMoneySchema, { signal }),
  });
}
