import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@tripcrew/contracts/features';

import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { tripFeaturesPath, tripKeys, tripPath } from './trip-keys.ts';

export { tripFeaturesPath };

export type { Feature };

/** GET /core/trips/features/{tripId}: the trip's features (the schema loads beside the request). */
export function getTripFeatures(tripId: string, signal?: AbortSignal): Promise<Feature[]> {
  return parseWithLoadedSchema(
    api.get<unknown>(tripFeaturesPath(tripId), { signal }),
    import('@tripcrew/contracts/trips').then((contracts) => contracts.tripFeaturesSchema),
    'Unexpected trip features data',
  );
}

export const tripFeaturesQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripKeys.features(tripId),
    queryFn: ({ signal }) => getTripFeatures(tripId, signal),
  });

export function useTripFeatures(tripId: string) {
  return useQuery(tripFeaturesQueryOptions(tripId));
}

/** POST /core/trips/{id}/features {featureIds}: adds features of the trip's place. */
export function addTripFeatures(tripId: string, featureIds: string[]): Promise<unknown> {
  return apiWrite<unknown>('POST', `${tripPath(tripId)}/features`, { featureIds });
}

/** DELETE /core/trips/{id}/features/{featureId}. */
export async function removeTripFeature(tripId: string, featureId: string): Promise<void> {
  await apiWrite<unknown>('DELETE', `${tripPath(tripId)}/features/${encodeURIComponent(featureId)}`);
}

function useInvalidateTripFeatures(tripId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tripKeys.features(tripId) }),
      queryClient.invalidateQueries({ queryKey: tripKeys.planner(tripId) }),
      queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) }),
    ]);
}

export function useAddTripFeatures(tripId: string) {
  const invalidate = useInvalidateTripFeatures(tripId);
  return useMutation({
    mutationFn: (featureIds: string[]) => addTripFeatures(tripId, featureIds),
    onSettled: invalidate,
  });
}

export function useRemoveTripFeature(tripId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTripFeatures(tripId);
  return useMutation({
    mutationFn: (featureId: string) => removeTripFeature(tripId, featureId),
    onMutate: (featureId) => {
      const key = tripKeys.features(tripId);
      const previous = queryClient.getQueryData<Feature[]>(key);
      if (previous)
        queryClient.setQueryData(
          key,
          previous.filter((f) => f._id !== featureId),
        );
      return { previous };
    },
    onError: (_error, _featureId, context) => {
      if (context?.previous) queryClient.setQueryData(tripKeys.features(tripId), context.previous);
    },
    onSettled: invalidate,
  });
}
