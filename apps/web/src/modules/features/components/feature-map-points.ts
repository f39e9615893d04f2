import { useQuery } from '@tanstack/react-query';
import { getMapPoints } from '../api/get-map-points.ts';

/**
 * The place's features for the map: one request per place and category filter (the map points
 * route answers them all at once, up to its cap, with the number matched), no retries on screen.
 */
export function useMapFeatures(placeId: string | null | undefined, categories: readonly string[]) {
  return useQuery({
    queryKey: ['features', 'map-points', placeId ?? null, categories.join(',')] as const,
    queryFn: ({ signal }) => getMapPoints(placeId ?? '', categories, signal),
    enabled: Boolean(placeId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
