import type { SuggestionPlan } from '@tripcrew/contracts/suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

export type { SuggestionPlan };

export const suggestionPlanPath = (id: string) => `/core/suggestions/${encodeURIComponent(id)}/plan`;

/** GET /core/suggestions/{id}/plan: a suggestion's ready-made days, timed as the planner would. */
export function getSuggestionPlan(id: string): Promise<SuggestionPlan> {
  return apiGet(
    suggestionPlanPath(id),
    import('@tripcrew/contracts/suggestions').then((module) => module.suggestionPlanSchema),
  );
}

export const suggestionPlanQueryOptions = (id: string) =>
  cachedQuery(queryOptions({ queryKey: ['suggestions', 'plan', id], queryFn: () => getSuggestionPlan(id) }));

export function useSuggestionPlan(id: string) {
  return useQuery(suggestionPlanQueryOptions(id));
}
