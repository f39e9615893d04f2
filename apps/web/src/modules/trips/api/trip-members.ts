import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { okSchema } from '@tripcrew/contracts/common';
import { type Trip, type TripRole, tripSchema } from '@tripcrew/contracts/trips';

import { tripKeys, tripPath } from './trip-keys.ts';

const membersPath = (tripId: string): string => `${tripPath(tripId)}/members`;
const memberPath = (tripId: string, userId: string): string =>
  `${membersPath(tripId)}/${encodeURIComponent(userId)}`;

/** POST /core/trips/{id}/members: an admin adds someone from their crew. */
export function addTripMember(tripId: string, userId: string, role: TripRole): Promise<Trip> {
  return apiWrite('POST', membersPath(tripId), { userId, role }, tripSchema);
}

/** PATCH /core/trips/{id}/members/{userId}: an admin sets a role (admin included). */
export function setTripMemberRole(tripId: string, userId: string, role: TripRole): Promise<Trip> {
  return apiWrite('PATCH', memberPath(tripId, userId), { role }, tripSchema);
}

/**
 * POST /core/trips/{id}/members/{userId}/hand-over: in one step the member becomes an admin and
 * the calling admin a member.
 */
export function handOverTripAdmin(tripId: string, userId: string): Promise<Trip> {
  return apiWrite('POST', `${memberPath(tripId, userId)}/hand-over`, undefined, tripSchema);
}

/** DELETE /core/trips/{id}/members/{userId}: an admin removes someone, or a member leaves (own id). */
export async function removeTripMember(tripId: string, userId: string): Promise<void> {
  await apiWrite('DELETE', memberPath(tripId, userId), undefined, okSchema);
}

/** Add, set a role, hand over the admin role, remove: the answer (the trip as the caller now sees it) replaces the cached trip. */
export function useMemberActions(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.detail(tripId);
  const adopt = (trip: Trip) => {
    queryClient.setQueryData(key, trip);
    void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
  };
  const add = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TripRole }) => addTripMember(tripId, userId, role),
    onSuccess: adopt,
  });
  const setRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TripRole }) =>
      setTripMemberRole(tripId, userId, role),
    // The caller's own role may have changed (a hand-over): the whole trip is read again.
    onSuccess: (trip) => {
      adopt(trip);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  // The caller stops being an admin: the whole trip is read again, as after a role change.
  const handOver = useMutation({
    mutationFn: (userId: string) => handOverTripAdmin(tripId, userId),
    onSuccess: (trip) => {
      adopt(trip);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeTripMember(tripId, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return { add, setRole, handOver, remove };
}

/** The caller leaves the trip: its caches go (the page moves to /trips). */
export function useLeaveTrip(tripId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeTripMember(tripId, userId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tripKeys.detail(tripId) });
      void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.upcoming() });
    },
  });
}
