import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trip, tripSchema } from '@tripcrew/contracts/trips';
import { api, isApiError } from '../../../lib/api-client.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

/** GET /core/trips/{id}: a trip (404 for a non-member or an unknown id). */
export async function getTrip(id: string, signal?: AbortSignal): Promise<Trip> {
  const data = await api.get<unknown>(tripPath(id), { signal });
  const parsed = tripSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip data');
  return parsed.data;
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
