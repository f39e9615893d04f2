import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type PlaceCandidate,
  type PlaceLookup,
  placeLookupSchema,
  type ReverseLookup,
  reverseLookupSchema,
} from '@tripcrew/contracts/place-lookup';
import { apiGet } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export type { PlaceCandidate, PlaceLookup, ReverseLookup };

/** The least characters a lookup needs (the API's rule). */
export const LOOKUP_MIN_LENGTH = 3;

const lookupKey = (q: string) => [...tripKeys.all, 'place-lookup', q] as const;
const reverseKey = (lat: number, lng: number) => [...tripKeys.all, 'place-reverse', lat, lng] as const;

/**
 * GET /core/places/lookup?q=: towns and regions Tripcrew knows and, when the server has a
 * geocoder, addresses and points of interest. Kept five minutes: the same words ask once.
 */
export const placeLookupQueryOptions = (q: string) =>
  queryOptions({
    queryKey: lookupKey(q),
    queryFn: ({ signal }) =>
      apiGet(`/core/places/lookup?q=${encodeURIComponent(q)}`, placeLookupSchema, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The lookup of `q` once it has LOOKUP_MIN_LENGTH characters (the last answer stays while typing). */
export function usePlaceLookup(q: string) {
  const words = q.trim();
  return useQuery({
    ...placeLookupQueryOptions(words),
    enabled: words.length >= LOOKUP_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** GET /core/places/lookup/reverse: what the geocoder knows at a dropped pin (null: nothing, or none). */
export function useReverseLookup(point: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: reverseKey(point?.lat ?? 0, point?.lng ?? 0),
    queryFn: ({ signal }) =>
      apiGet(
        `/core/places/lookup/reverse?lat=${point?.lat ?? 0}&lng=${point?.lng ?? 0}`,
        reverseLookupSchema,
        { signal },
      ),
    enabled: point !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
