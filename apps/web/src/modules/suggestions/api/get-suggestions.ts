import type { Suggestion } from '@tripcrew/contracts/suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

export type { Suggestion };

export const SUGGESTIONS_PATH = '/core/suggestions';

/**
 * GET /core/suggestions through the cached GET (SPEC §7). The schema loads alongside the request:
 * the home page's title phase renders without waiting for zod (PERF-07).
 */
export function getSuggestions(): Promise<Suggestion[]> {
  return apiGet(
    SUGGESTIONS_PATH,
    import('@tripcrew/contracts/suggestions').then((module) => module.suggestionsResponseSchema),
  );
}

export const suggestionsQueryOptions = () =>
  cachedQuery(
    queryOptions({
      queryKey: ['suggestions'],
      queryFn: getSuggestions,
      retry: false,
    }),
  );

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions());
}
