import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import type { CreateTripBody } from '@tripcrew/contracts/trips';

import { tripKeys } from './trip-keys.ts';

export type { CreateTripBody };
export const CREATE_TRIP_PATH = '/core/trips';

/** POST /core/trips {placeId, startDate, endDate, transportMode, featureIds, categories, members} → {_id}. */
export async function createTrip(body: CreateTripBody): Promise<{ _id: string }> {
  const [data, { createTripResponseSchema }] = await Promise.all([
    apiWrite<unknown>('POST', CREATE_TRIP_PATH, body),
    import('@tripcrew/contracts/trips'),
  ]);
  const parsed = createTripResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip creation response');
  return parsed.data;
}

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
