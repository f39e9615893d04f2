import type { Suggestion } from '@tripcrew/contracts/suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedGet } from '../../../lib/api-client.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';

export type { Suggestion };

export const SUGGESTIONS_PATH = '/core/suggestions';

/**
 * GET /core/suggestions through the cached GET (SPEC §7). The schema loads alongside the request:
 * the home page's title phase renders without waiting for zod (PERF-07).
 */
export async function getSuggestions(): Promise<Suggestion[]> {
  return parseWithLoadedSchema(
    cachedGet<unknown>(SUGGESTIONS_PATH),
    import('@tripcrew/contracts/suggestions').then((module) => module.suggestionsResponseSchema),
    'Unexpected suggestions data',
  );
}

export const suggestionsQueryOptions = () =>
  queryOptions({ queryKey: ['suggestions'], queryFn: getSuggestions, retry: false, staleTime: Infinity });

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions());
}
