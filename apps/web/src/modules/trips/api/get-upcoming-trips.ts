import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@tripcrew/contracts/trips';
import { apiGet } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export const UPCOMING_TRIPS_PATH = '/core/trips/upcoming';

/**
 * GET /core/trips/upcoming. SPEC §7 (HOME-10): its cached copy is dropped once loaded, so it is
 * never kept in session storage: the next visit asks the server again.
 */
export function getUpcomingTrips(): Promise<Trip[]> {
  return apiGet(
    UPCOMING_TRIPS_PATH,
    import('@tripcrew/contracts/trips').then((m) => m.tripListSchema),
  );
}

export const upcomingTripsQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.upcoming(), queryFn: getUpcomingTrips, retry: false });

/** Only runs for signed-in users (HOME-07). */
export function useUpcomingTrips(enabled: boolean) {
  return useQuery({ ...upcomingTripsQueryOptions(), enabled });
}
