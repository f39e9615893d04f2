import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Expense, expenseListSchema, expenseSchema } from '@tripcrew/contracts/expenses';
import { okSchema } from '@tripcrew/contracts/common';
import type { ExpenseRequest } from '../expense-form-rules.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';
import { useMoneyQuery } from './expense-money-query.ts';

export type { Expense };

/** GET /core/trips/{id}/expenses: expenses and settlements, newest first. */
export function useExpenses(tripId: string) {
  return useMoneyQuery(expenseKeys.list(tripId), moneyPath(tripId, 'expenses'), expenseListSchema);
}

const expensePath = (tripId: string, expenseId: string) =>
  moneyPath(tripId, `expenses/${encodeURIComponent(expenseId)}`);

/** Add (POST), change (PUT with an id) or delete an expense; every change reads the trip's money again. */
export function useExpenseActions(tripId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) });
  const save = useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: ExpenseRequest }) =>
      id === null
        ? apiWrite('POST', moneyPath(tripId, 'expenses'), request, expenseSchema)
        : apiWrite('PUT', expensePath(tripId, id), request, expenseSchema),
    onSuccess: refresh,
    // A 409 (someone changed it meanwhile) shows the expense as it is now behind the form.
    onError: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiWrite('DELETE', expensePath(tripId, id), undefined, okSchema),
    onSuccess: refresh,
  });
  return { save, remove };
}
