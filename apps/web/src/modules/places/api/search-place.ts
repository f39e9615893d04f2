import { type Place, placeSchema } from '@tripcrew/contracts/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedGet } from '../../../lib/api-client.ts';
import type { PlaceSearchParams } from '../../../lib/place-path.ts';

/** /core/places/search?country&region&place with only the given parameters. */
export function placeSearchPath(params: PlaceSearchParams): string {
  const query = new URLSearchParams();
  if (params.country) query.set('country', params.country);
  if (params.region) query.set('region', params.region);
  if (params.place) query.set('place', params.place);
  return `/core/places/search?${query.toString()}`;
}

/** GET /core/places/search (cached GET): the place a /place/... route names. */
export async function searchPlace(params: PlaceSearchParams): Promise<Place> {
  const data = await cachedGet<unknown>(placeSearchPath(params));
  const parsed = placeSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected place data');
  return parsed.data;
}

export const placeSearchQueryOptions = (params: PlaceSearchParams | null) =>
  queryOptions({
    queryKey: ['places', 'search', params],
    queryFn: () => searchPlace(params ?? {}),
    enabled: params !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export function useSearchPlace(params: PlaceSearchParams | null) {
  return useQuery(placeSearchQueryOptions(params));
}
