import { type Place, placeSchema } from '@tripcrew/contracts/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedGet } from '../../../lib/api-client.ts';

export const placePathById = (id: string): string => `/core/places/place/${encodeURIComponent(id)}`;

/** GET /core/places/place/{id} (cached GET). */
export async function getPlace(id: string): Promise<Place> {
  const data = await cachedGet<unknown>(placePathById(id));
  const parsed = placeSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected place data');
  return parsed.data;
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
  queryOptions({
    queryKey: ['places', 'place', id],
    queryFn: () => getPlaceOrUndefined(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export function usePlace(id: string | null) {
  return useQuery(placeQueryOptions(id));
}
