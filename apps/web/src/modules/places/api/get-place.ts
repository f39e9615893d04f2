import type { Place } from '@tripcrew/contracts/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { placePathById } from './place-keys.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

export { placePathById };

/**
 * GET /core/places/place/{id} (a cached GET: see placeQueryOptions). The schema loads beside the
 * request: the first visit's early request waits for no contract chunk.
 */
export function getPlace(id: string): Promise<Place> {
  return apiGet(
    placePathById(id),
    import('@tripcrew/contracts/places').then((contracts) => contracts.placeSchema),
  );
}

/** SPEC §8: a failed lookup by id is silent; the place stays unset (undefined). */
export async function getPlaceOrUndefined(id: string): Promise<Place | null> {
  try {
    return await getPlace(id);
  } catch {
    return null;
  }
}

export const placeQueryOptions = (id: string | null) =>
  cachedQuery(
    queryOptions({
      queryKey: ['places', 'place', id],
      queryFn: () => getPlaceOrUndefined(id ?? ''),
      enabled: Boolean(id),
      retry: false,
    }),
  );

export function usePlace(id: string | null) {
  return useQuery(placeQueryOptions(id));
}
