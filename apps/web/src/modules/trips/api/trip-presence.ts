import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresenceItemKind, PresentMember, TripPresence } from '@tripcrew/contracts/trip-presence';
import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { useOnline } from '../../../lib/network-status.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { tripPath } from './trip-keys.ts';
import { tripPresenceKey } from './trip-presence-key.ts';

export type { PresenceItemKind, PresentMember, TripPresence };
export { tripPresenceKey };

/**
 * Live presence (issue 35): the other members who have the trip page open now, and what each
 * edits. A 'presence' trip frame refetches the query (app/layout/live-connection.tsx). Never saved
 * for offline reading, never queued offline: presence is about now.
 */

export const presencePath = (tripId: string): string => `${tripPath(tripId)}/presence`;

/** The key of what an editor is open on, as the server takes it: `packing-item:<id>`. */
export const presenceKey = (kind: PresenceItemKind, itemId: string): string =>
  `${kind}:${itemId.toLowerCase()}`;

// The contract loads beside the request: the trip page's first render waits for no zod chunk.
const schema = () =>
  import('@tripcrew/contracts/trip-presence').then((contracts) => contracts.tripPresenceSchema);

/** GET /core/trips/{id}/presence: the other members present now. */
export function getTripPresence(tripId: string, signal?: AbortSignal): Promise<TripPresence> {
  return parseWithLoadedSchema(
    api.get<unknown>(presencePath(tripId), { signal }),
    schema(),
    'Unexpected presence data',
  );
}

/** PUT /core/trips/{id}/presence: the heartbeat, sent at once (never through the offline queue). */
export function announcePresence(tripId: string, editing: string | null): Promise<TripPresence> {
  return apiWrite('PUT', presencePath(tripId), { editing }, schema());
}

/** DELETE /core/trips/{id}/presence: the caller has left the trip page. */
export function leavePresence(tripId: string): Promise<unknown> {
  return apiWrite('DELETE', presencePath(tripId));
}

export const tripPresenceQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripPresenceKey(tripId),
    queryFn: ({ signal }) => getTripPresence(tripId, signal),
    // Heartbeat answers and live frames keep it current; a failure shows nobody, asks no retry.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { offline: false },
  });

const NOBODY: TripPresence = [];

/** The other members present now; nobody offline, while loading or after a failure. */
export function usePresentMembers(tripId: string): TripPresence {
  const online = useOnline();
  const query = useQuery({ ...tripPresenceQueryOptions(tripId), enabled: online });
  return online ? (query.data ?? NOBODY) : NOBODY;
}
