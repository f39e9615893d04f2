import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CREW_SEARCH_MAX,
  CREW_SEARCH_MIN,
  type CrewSearchResult,
  crewSearchResponseSchema,
  isCrewSearchEmail,
  isCrewSearchQuery,
} from '@tripcrew/contracts/crew';
import { api } from '../../../lib/api-client.ts';
import { crewKeys } from './crew-keys.ts';
import { loggedCrewCall } from './crew-errors.ts';

export type { CrewSearchResult };
export { CREW_SEARCH_MAX, CREW_SEARCH_MIN, isCrewSearchEmail };
export const CREW_SEARCH_PATH = '/users/crew/search';
/** SPEC §9: the search fires 500 ms after typing stops (as the location search does). */
export const CREW_SEARCH_DEBOUNCE_MS = 500;

/** SPEC §5: at least 3 letters and digits (a name, a phone number), or a whole email address. */
export function isSearchableCrewQuery(text: string): boolean {
  return isCrewSearchQuery(text);
}

/** GET /users/crew/search?query=: people by a part of their name, or their whole email or phone. */
export async function searchCrew(text: string, signal?: AbortSignal): Promise<CrewSearchResult[]> {
  const data = await api.get<unknown>(CREW_SEARCH_PATH, { query: { query: text.trim() }, signal });
  const parsed = crewSearchResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected crew search data');
  return parsed.data;
}

export const crewSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: crewKeys.search(text.trim()),
    queryFn: ({ signal }) => loggedCrewCall('search', () => searchCrew(text, signal)),
    enabled: isSearchableCrewQuery(text),
    retry: false,
    staleTime: 30_000,
  });

/** The search results of a (debounced) query; idle below 3 letters or digits. */
export function useCrewSearch(text: string) {
  return useQuery({ ...crewSearchQueryOptions(text), placeholderData: keepPreviousData });
}
