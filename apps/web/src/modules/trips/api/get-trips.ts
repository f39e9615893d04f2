import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trip, tripListSchema } from '@tripcrew/contracts/trips';
import { api } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export type { Trip };
export const TRIPS_PATH = '/core/trips';

/** GET /core/trips: the caller's trips, newest start first. */
export async function getTrips(signal?: AbortSignal): Promise<Trip[]> {
  const data = await api.get<unknown>(TRIPS_PATH, { signal });
  const parsed = tripListSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trips data');
  return parsed.data;
}

export const tripsQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.list(), queryFn: ({ signal }) => getTrips(signal) });

export function useTrips() {
  return useQuery(tripsQueryOptions());
}
