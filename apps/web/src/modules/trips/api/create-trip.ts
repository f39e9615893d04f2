import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import type { CreateTripBody } from '@tripcrew/contracts/trips';

import { tripKeys } from './trip-keys.ts';

export type { CreateTripBody };
export const CREATE_TRIP_PATH = '/core/trips';

/** POST /core/trips {placeId, startDate, endDate, transportMode, featureIds, categories, members} → {_id}. */
export function createTrip(body: CreateTripBody): Promise<{ _id: string }> {
  return apiWrite(
    'POST',
    CREATE_TRIP_PATH,
    body,
    import('@tripcrew/contracts/trips').then((contracts) => contracts.createTripResponseSchema),
  );
}

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
