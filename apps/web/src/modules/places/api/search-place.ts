import type { Place } from '@tripcrew/contracts/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { PlaceSearchParams } from '../../../lib/place-path.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

/** /core/places/search?country&region&place with only the given parameters. */
export function placeSearchPath(params: PlaceSearchParams): string {
  const query = new URLSearchParams();
  if (params.country) query.set('country', params.country);
  if (params.region) query.set('region', params.region);
  if (params.place) query.set('place', params.place);
  return `/core/places/search?${query.toString()}`;
}

/** GET /core/places/search (a cached GET: see placeSearchQueryOptions): the place a /place/... route names. */
export function searchPlace(params: PlaceSearchParams): Promise<Place> {
  return apiGet(
    placeSearchPath(params),
    import('@tripcrew/contracts/places').then((m) => m.placeSchema),
  );
}

export const placeSearchQueryOptions = (params: PlaceSearchParams | null) =>
  cachedQuery(
    queryOptions({
      queryKey: ['places', 'search', params],
      queryFn: () => searchPlace(params ?? {}),
      enabled: params !== null,
      retry: false,
    }),
  );

export function useSearchPlace(params: PlaceSearchParams | null) {
  return useQuery(placeSearchQueryOptions(params));
}
