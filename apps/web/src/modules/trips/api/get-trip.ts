import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@tripcrew/contracts/trips';
import { api, isApiError } from '../../../lib/api-client.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

/**
 * GET /core/trips/{id}: a trip (404 for a non-member or an unknown id). The schema loads beside
 * the request, so the first visit's early request (app/layout/first-page-prefetch.ts) waits for
 * no contract chunk.
 */
export function getTrip(id: string, signal?: AbortSignal): Promise<Trip> {
  return parseWithLoadedSchema(
    api.get<unknown>(tripPath(id), { signal }),
    import('@tripcrew/contracts/trips').then((contracts) => contracts.tripSchema),
    'Unexpected trip data',
  );
}

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

export const tripQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tripKeys.detail(id),
    queryFn: ({ signal }) => getTrip(id, signal),
    // A 404 stays a 404: no retry.
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

export function useTrip(id: string) {
  return useQuery(tripQueryOptions(id));
}
