import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Trip, UpdateTripBody, updateTripResponseSchema } from '@tripcrew/contracts/trips';
import { useRef } from 'react';
import type { z } from 'zod';

import { apiOfflineWrite, apiWrite } from '../../../lib/api-write.ts';
import { QUEUED, type Queued, quoted, tripNameOf } from './trip-offline-writes.ts';
import { tripKeys } from './trip-keys.ts';

export type { UpdateTripBody };
export type UpdateTripResponse = z.infer<typeof updateTripResponseSchema>;

export const updateTripPath = (id: string): string => `/core/trips/update/${encodeURIComponent(id)}`;

/** PATCH /core/trips/update/{id} with any of transportMode, tripName, startDate, endDate, image. */
export async function updateTrip(id: string, body: UpdateTripBody): Promise<UpdateTripResponse> {
  return parseUpdate(await apiWrite<unknown>('PATCH', updateTripPath(id), body));
}

/** The answer checked by its contract, loaded on first use (not in the trip page's first download). */
async function parseUpdate(data: unknown): Promise<UpdateTripResponse> {
  const { updateTripResponseSchema: schema } = await import('@tripcrew/contracts/trips');
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip update response');
  return parsed.data;
}

/**
 * A rename alone (with the version it started from, decision 035) goes through the offline queue
 * (decision 016); other changes are sent directly.
 */
const isRename = (body: UpdateTripBody): body is { tripName: string; version?: number } =>
  typeof body.tripName === 'string' &&
  Object.keys(body).every((key) => ['tripName', 'version'].includes(key));

export function useUpdateTrip(id: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.detail(id);
  const renamedFrom = useRef<string | undefined>(undefined);
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: UpdateTripBody): Promise<UpdateTripResponse | Queued> => {
      if (!isRename(body)) return updateTrip(id, body);
      const result = await apiOfflineWrite({
        method: 'PATCH',
        path: updateTripPath(id),
        body,
        label: `rename ${renamedFrom.current ?? tripNameOf(queryClient, id)} to ${quoted(body.tripName)}`,
      });
      if (result.queued) return QUEUED;
      return parseUpdate(result.data);
    },
    onMutate: async (body) => {
      if (!isRename(body)) return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Trip>(key);
      // onMutate runs before mutationFn: the write's label keeps the name the user saw.
      renamedFrom.current = previous?.tripName ?? tripNameOf(queryClient, id);
      if (previous) queryClient.setQueryData(key, { ...previous, tripName: body.tripName });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result, body) => {
      if (result === QUEUED) return;
      queryClient.setQueryData(tripKeys.detail(id), result.trip);
      void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.upcoming() });
      if (body.startDate !== undefined || body.endDate !== undefined)
        void queryClient.invalidateQueries({ queryKey: tripKeys.planner(id) });
    },
  });
}
