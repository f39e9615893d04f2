import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TravelChecklist, travelChecklistSchema } from '@tripcrew/contracts/vocabulary';
import { cachedGet } from '../../../lib/api-client.ts';

export type { TravelChecklist };
export const TRAVEL_CHECKLIST_PATH = '/core/vocabulary/travel-checklist';

/** GET /core/vocabulary/travel-checklist (cached GET): groups of item names under travel_checklist. */
export async function getTravelChecklist(): Promise<TravelChecklist> {
  const parsed = travelChecklistSchema.safeParse(await cachedGet<unknown>(TRAVEL_CHECKLIST_PATH));
  if (!parsed.success) throw new Error('Unexpected checklist vocabulary');
  return parsed.data;
}

export const travelChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['vocabulary', 'travel-checklist'] as const,
    queryFn: getTravelChecklist,
    staleTime: Infinity,
  });

export function useTravelChecklist() {
  return useQuery(travelChecklistQueryOptions());
}
