import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Balances, expenseSchema } from '@tripcrew/contracts/expenses';
import { expenseKeys, moneyPath } from './expense-keys.ts';

export type { Balances };
export { useBalances } from './expense-balances-query.ts';

/** POST /core/trips/{id}/settlements: records that `from` paid `to` `amount` (base currency, decimal text). */
export function useRecordSettlement(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; amount: string }) =>
      apiWrite('POST', moneyPath(tripId, 'settlements'), body, expenseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) }),
  });
}

/**
 * PATCH /core/trips/{id}/settlements/{settlementId}: a recorded payment's new amount (its payer,
 * its payee or an admin); `version` is the one the edit started from (409 when changed since).
 */
export function useChangeSettlement(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, version }: { id: string; amount: string; version: number }) =>
      apiWrite(
        'PATCH',
        moneyPath(tripId, `settlements/${encodeURIComponent(id)}`),
        { amount, version },
        expenseSchema,
      ),
    // A refused edit (409: changed meanwhile) reads the money again too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) }),
  });
}
