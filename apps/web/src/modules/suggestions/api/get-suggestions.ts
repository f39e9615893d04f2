import { type Suggestion, suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedGet } from '../../../lib/api-client.ts';

export type { Suggestion };

export const SUGGESTIONS_PATH = '/core/suggestions';

/** GET /core/suggestions through the cached GET (SPEC §7). */
export async function getSuggestions(): Promise<Suggestion[]> {
  const data = await cachedGet<unknown>(SUGGESTIONS_PATH);
  const parsed = suggestionsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected suggestions data');
  return parsed.data;
}

export const suggestionsQueryOptions = () =>
  queryOptions({ queryKey: ['suggestions'], queryFn: getSuggestions, retry: false, staleTime: Infinity });

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions());
}
