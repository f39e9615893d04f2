import { useQuery } from '@tanstack/react-query';
import { rateSchema } from '@tripcrew/contracts/expenses';
import { apiGet } from '../../../lib/api-client.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';

/** GET /core/trips/{id}/rates?currency=JPY: the rate the app would use (null when it knows none). */
export function useRate(tripId: string, currency: string, enabled: boolean) {
  return useQuery({
    queryKey: expenseKeys.rate(tripId, currency),
    queryFn: ({ signal }) => apiGet(moneyPath(tripId, 'rates'), rateSchema, { signal, query: { currency } }),
    enabled,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
