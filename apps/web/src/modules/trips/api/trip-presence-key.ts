/**
 * The query key of a trip's presence (issue 35), alone in its file: the live connection, part of
 * the first download, imports it without the rest of trip-presence.ts. NOT under tripKeys.all: a
 * 'presence' trip frame refetches this query only, and the trip's other frames leave it alone.
 */
export const tripPresenceKey = (tripId: string) => ['trip-presence', tripId] as const;
