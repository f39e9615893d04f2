import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Balances, balancesSchema, expenseSchema } from '@tripcrew/contracts/expenses';
import { apiGet } from '../../../lib/api-client.ts';
import { isForbidden } from './expense-budget.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';

export type { Balances };

/** GET /core/trips/{id}/balances: everyone's balance and the fewest transfers that settle them. */
export function getBalances(tripId: string, signal?: AbortSignal): Promise<Balances> {
  return apiGet(moneyPath(tripId, 'balances'), balancesSchema, { signal });
}

export const balancesQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: expenseKeys.balances(tripId),
    queryFn: ({ signal }) => getBalances(tripId, signal),
    retry: (count, error) => !isForbidden(error) && count < 1,
  });

export function useBalances(tripId: string, enabled = true) {
  return useQuery({ ...balancesQueryOptions(tripId), enabled });
}

/** POST /core/trips/{id}/settlements: records that `from` paid `to` `amount` (base currency, decimal text). */
export function useRecordSettlement(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; amount: string }) =>
      apiWrite('POST', moneyPath(tripId, 'settlements'), body, expenseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) }),
  });
}
