import type { EventBus } from './events.ts';
import type { LiveHub } from './live-hub.ts';

/**
 * Domain events that only need a live nudge (MSG-12): the web app refetches what changed.
 * Trips: every member (the actor's other tabs included) gets {type:'trip', tripId, change}; an
 * added member gets 'members' so the trip appears in their list. Crew: both people get
 * {type:'crew', change}. Messages and notifications push their own frames (chats, notifications).
 */
export function subscribeLivePushes(
  events: Pick<EventBus, 'on'>,
  live: Pick<LiveHub, 'publish' | 'endSessions'>,
): () => void {
  const off = [
    events.on('trip.member-added', (e) =>
      live.publish([e.userId], { type: 'trip', tripId: e.tripId, change: 'members' }),
    ),
    events.on('trip.updated', (e) =>
      live.publish(e.memberIds, { type: 'trip', tripId: e.tripId, change: 'updated' }),
    ),
    events.on('trip.deleted', (e) =>
      live.publish(e.memberIds, { type: 'trip', tripId: e.tripId, change: 'deleted' }),
    ),
    events.on('trip.changed', (e) =>
      live.publish(e.memberIds, { type: 'trip', tripId: e.tripId, change: e.change }),
    ),
    events.on('crew.requested', (e) =>
      live.publish([e.fromUserId, e.toUserId], { type: 'crew', change: 'requested' }),
    ),
    events.on('crew.accepted', (e) =>
      live.publish([e.fromUserId, e.toUserId], { type: 'crew', change: 'accepted' }),
    ),
    events.on('crew.declined', (e) =>
      live.publish([e.fromUserId, e.toUserId], { type: 'crew', change: 'declined' }),
    ),
    events.on('crew.removed', (e) =>
      live.publish([e.userId, e.friendId], { type: 'crew', change: 'removed' }),
    ),
    // A session that ends (logout, revoked) closes its live sockets at once.
    events.on('auth.sessions-ended', (e) => live.endSessions(e.userId, e.sessionIds, e.exceptSessionId)),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
