import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trip, tripListSchema } from '@tripcrew/contracts/trips';
import { cachedGet, removeCached } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export const UPCOMING_TRIPS_PATH = '/core/trips/upcoming';

/**
 * GET /core/trips/upcoming through the cached GET; the cache entry is removed once loaded
 * (SPEC §7, HOME-10), so the next visit asks the server again.
 */
export async function getUpcomingTrips(): Promise<Trip[]> {
  try {
    const data = await cachedGet<unknown>(UPCOMING_TRIPS_PATH);
    const parsed = tripListSchema.safeParse(data);
    if (!parsed.success) throw new Error('Unexpected upcoming trips data');
    return parsed.data;
  } finally {
    removeCached(UPCOMING_TRIPS_PATH);
  }
}

export const upcomingTripsQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.upcoming(), queryFn: getUpcomingTrips, retry: false });

/** Only runs for signed-in users (HOME-07). */
export function useUpcomingTrips(enabled: boolean) {
  return useQuery({ ...upcomingTripsQueryOptions(), enabled });
}
