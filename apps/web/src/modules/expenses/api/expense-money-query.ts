import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError, type SchemaOrLoad } from '../../../lib/api-client.ts';

/** A 403 of the money routes: the role may not see the trip's money (the admin decides). */
export const isForbidden = (error: unknown): boolean => isApiError(error) && error.status === 403;

/**
 * A GET of a trip's money (budget, expenses, balances) validated by its contract, cached under
 * `queryKey`: a 403 is the answer for this role and is not retried; any other failure once.
 */
export function useMoneyQuery<T>(queryKey: QueryKey, path: string, schema: SchemaOrLoad<T>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet(path, schema, { signal }),
    retry: (count, error) => !isForbidden(error) && count < 1,
  });
}
