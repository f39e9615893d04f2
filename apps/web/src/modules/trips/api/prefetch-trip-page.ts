import type { QueryClient } from '@tanstack/react-query';
import { tabOf } from '../components/trip-detail/trip-tab.ts';
import { tripQueryOptions } from './get-trip.ts';
import { tripFeaturesQueryOptions } from './trip-features.ts';

/**
 * Asks for what the trip page shows first: the trip and, when it opens on the features tab, the
 * trip's features. The page's own queries then join these requests instead of starting theirs.
 */
export async function prefetchTripPage(
  queryClient: QueryClient,
  tripId: string,
  searchParams: URLSearchParams,
): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(tripQueryOptions(tripId)),
    tabOf(searchParams) === 'features' ? queryClient.prefetchQuery(tripFeaturesQueryOptions(tripId)) : null,
  ]);
}
