import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trip, tripListSchema } from '@tripcrew/contracts/trips';
import { apiGet } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export type { Trip };
export const TRIPS_PATH = '/core/trips';

/** GET /core/trips: the caller's trips, newest start first. */
export function getTrips(signal?: AbortSignal): Promise<Trip[]> {
  return apiGet(TRIPS_PATH, tripListSchema, { signal });
}

export const tripsQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.list(), queryFn: ({ signal }) => getTrips(signal) });

export function useTrips() {
  return useQuery(tripsQueryOptions());
}
