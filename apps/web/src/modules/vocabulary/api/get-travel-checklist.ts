import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TravelChecklist } from '@tripcrew/contracts/vocabulary';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

export type { TravelChecklist };
export const TRAVEL_CHECKLIST_PATH = '/core/vocabulary/travel-checklist';

/** GET /core/vocabulary/travel-checklist (cached GET): groups of item names under travel_checklist. */
export function getTravelChecklist(): Promise<TravelChecklist> {
  return apiGet(
    TRAVEL_CHECKLIST_PATH,
    import('@tripcrew/contracts/vocabulary').then((m) => m.travelChecklistSchema),
  );
}

export const travelChecklistQueryOptions = () =>
  cachedQuery(
    queryOptions({
      queryKey: ['vocabulary', 'travel-checklist'] as const,
      queryFn: getTravelChecklist,
    }),
  );

export function useTravelChecklist() {
  return useQuery(travelChecklistQueryOptions());
}
