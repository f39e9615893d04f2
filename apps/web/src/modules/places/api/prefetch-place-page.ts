import type { QueryClient } from '@tanstack/react-query';
import { placeQueryOptions } from './get-place.ts';

/** Asks for the place a place page opens on (`?place=`): its hero waits for nothing else. */
export function prefetchPlacePage(queryClient: QueryClient, placeId: string): Promise<void> {
  return queryClient.prefetchQuery(placeQueryOptions(placeId));
}
