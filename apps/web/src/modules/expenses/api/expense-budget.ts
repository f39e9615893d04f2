import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Budget, budgetSchema } from '@tripcrew/contracts/expenses';
import { expenseKeys, moneyPath } from './expense-keys.ts';
import { useMoneyQuery } from './expense-money-query.ts';

export type { Budget };

/** What PUT …/budget takes (any of these). */
export interface BudgetChange {
  baseCurrency?: string;
  planned?: string | null;
  categories?: { category: Budget['categories'][number]['category']; planned: string | null }[];
  visibleToGuests?: boolean;
  /** The version the change started from (issue 35): a budget changed since answers 409. */
  version?: number;
}

/** GET /core/trips/{id}/budget */
export function useBudget(tripId: string) {
  return useMoneyQuery(expenseKeys.budget(tripId), moneyPath(tripId, 'budget'), budgetSchema);
}

/** PUT /core/trips/{id}/budget (admins): the answer replaces the cached budget. */
export function useUpdateBudget(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BudgetChange) => apiWrite('PUT', moneyPath(tripId, 'budget'), change, budgetSchema),
    onSuccess: (budget) => {
      queryClient.setQueryData(expenseKeys.budget(tripId), budget);
      void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) });
    },
    // A 409 (changed meanwhile): the budget as it is now, behind the form.
    onError: () => void queryClient.invalidateQueries({ queryKey: expenseKeys.budget(tripId) }),
  });
}
