import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Budget, budgetSchema } from '@tripcrew/contracts/expenses';
import { apiGet, isApiError } from '../../../lib/api-client.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';

export type { Budget };

/** What PUT …/budget takes (any of these). */
export interface BudgetChange {
  baseCurrency?: string;
  planned?: string | null;
  categories?: { category: Budget['categories'][number]['category']; planned: string | null }[];
  visibleToGuests?: boolean;
}

/** A 403 of the money routes: the role may not see the trip's money (the admin decides). */
export const isForbidden = (error: unknown): boolean => isApiError(error) && error.status === 403;

/** GET /core/trips/{id}/budget */
export function getBudget(tripId: string, signal?: AbortSignal): Promise<Budget> {
  return apiGet(moneyPath(tripId, 'budget'), budgetSchema, { signal });
}

export const budgetQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: expenseKeys.budget(tripId),
    queryFn: ({ signal }) => getBudget(tripId, signal),
    retry: (count, error) => !isForbidden(error) && count < 1,
  });

export function useBudget(tripId: string) {
  return useQuery(budgetQueryOptions(tripId));
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
  });
}
