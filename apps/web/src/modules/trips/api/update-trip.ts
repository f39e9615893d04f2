import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateTripBody, updateTripResponseSchema } from '@tripcrew/contracts/trips';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export type { UpdateTripBody };
export type UpdateTripResponse = z.infer<typeof updateTripResponseSchema>;

export const updateTripPath = (id: string): string => `/core/trips/update/${encodeURIComponent(id)}`;

/** PATCH /core/trips/update/{id} with any of transportMode, tripName, startDate, endDate, image. */
export async function updateTrip(id: string, body: UpdateTripBody): Promise<UpdateTripResponse> {
  const data = await api.patch<unknown>(updateTripPath(id), body);
  const parsed = updateTripResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip update response');
  return parsed.data;
}

export function useUpdateTrip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTripBody) => updateTrip(id, body),
    onSuccess: (result, body) => {
      queryClient.setQueryData(tripKeys.detail(id), result.trip);
      void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.upcoming() });
      if (body.startDate !== undefined || body.endDate !== undefined)
        void queryClient.invalidateQueries({ queryKey: tripKeys.planner(id) });
    },
  });
}
