import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OptimiseDayResponse,
  optimiseDayResponseSchema,
  type RouteDay,
  type RouteLeg,
  type RouteMode,
  type TripRoutes,
  tripRoutesSchema,
} from '@tripcrew/contracts/trip-routes';
import { type Planner, plannerSchema } from '@tripcrew/contracts/trips';

import { plannerPath } from './trip-planner.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

export type { OptimiseDayResponse, RouteDay, RouteLeg, RouteMode, TripRoutes };

/** The routes of a trip: under 'trips', so every live trip frame refetches them (decision 022). */
export const tripRoutesKey = (tripId: string) => ['trips', 'routes', tripId] as const;

const dayPath = (tripId: string, date: string) => `${plannerPath(tripId)}/days/${encodeURIComponent(date)}`;

/** GET /core/trips/{id}/routes: legs and totals of every planned day. */
export async function getTripRoutes(tripId: string, signal?: AbortSignal): Promise<TripRoutes> {
  const parsed = tripRoutesSchema.safeParse(await api.get<unknown>(`${tripPath(tripId)}/routes`, { signal }));
  if (!parsed.success) throw new Error('Unexpected routes data');
  return parsed.data;
}

/** The trip's routes; the previous answer stays on screen while a new one loads (no layout shift). */
export function useTripRoutes(tripId: string) {
  return useQuery({
    queryKey: tripRoutesKey(tripId),
    queryFn: ({ signal }) => getTripRoutes(tripId, signal),
    placeholderData: keepPreviousData,
  });
}

/** After the planner changed here: the routes are read again. */
export function useInvalidateTripRoutes(tripId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tripRoutesKey(tripId) });
}

/** POST /core/trips/{id}/planner/days/{date}/optimise: applies the shorter order (online only). */
export function useOptimiseDay(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string): Promise<OptimiseDayResponse> => {
      const parsed = optimiseDayResponseSchema.safeParse(
        await apiWrite<unknown>('POST', `${dayPath(tripId, date)}/optimise`, {}),
      );
      if (!parsed.success) throw new Error('Unexpected answer to the optimisation');
      return parsed.data;
    },
    onSuccess: (result) => {
      queryClient.setQueryData<Planner>(tripKeys.planner(tripId), result.planner);
      void queryClient.invalidateQueries({ queryKey: tripRoutesKey(tripId) });
    },
  });
}

/** PUT /core/trips/{id}/planner/days/{date}/order: a day back in a given order (undo), in one step. */
export function useReorderDay(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, itemIds }: { date: string; itemIds: string[] }): Promise<Planner> => {
      const parsed = plannerSchema.safeParse(
        await apiWrite<unknown>('PUT', `${dayPath(tripId, date)}/order`, { itemIds }),
      );
      if (!parsed.success) throw new Error('Unexpected planner data');
      return parsed.data;
    },
    onSuccess: (planner) => {
      queryClient.setQueryData<Planner>(tripKeys.planner(tripId), planner);
      void queryClient.invalidateQueries({ queryKey: tripRoutesKey(tripId) });
    },
  });
}
