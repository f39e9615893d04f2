import type { QueryClient } from '@tanstack/react-query';
import type { Feature } from '@tripcrew/contracts/features';
import { tabOf } from '../components/trip-detail/trip-tab.ts';
import { tripQueryOptions } from './get-trip.ts';
import { tripFeaturesQueryOptions } from './trip-features.ts';

/**
 * Asks for what the trip page shows first: the trip and, when it opens on the features tab, the
 * trip's features. The page's own queries then join these requests instead of starting theirs.
 * `onFeatures` hears the features as soon as they are in (before the page renders them).
 */
export async function prefetchTripPage(
  queryClient: QueryClient,
  tripId: string,
  searchParams: URLSearchParams,
  onFeatures?: (features: readonly Feature[]) => void,
): Promise<void> {
  const features = async () => {
    const options = tripFeaturesQueryOptions(tripId);
    await queryClient.prefetchQuery(options);
    const data = queryClient.getQueryData(options.queryKey);
    if (data) onFeatures?.(data);
  };
  await Promise.all([
    queryClient.prefetchQuery(tripQueryOptions(tripId)),
    tabOf(searchParams) === 'features' ? features() : null,
  ]);
}
