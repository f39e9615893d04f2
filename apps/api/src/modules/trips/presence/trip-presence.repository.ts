import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tripMembers, tripPresence } from '../core/trips.table.ts';

/** SQL of live presence: one row per member and trip, its last heartbeat and what they edit. */

export type TripPresenceRow = typeof tripPresence.$inferSelect;

const rowOf = (tripId: string, userId: string) =>
  and(eq(tripPresence.tripId, tripId), eq(tripPresence.userId, userId));

/** The caller's own row (whatever its age), to tell whether a heartbeat changes what others see. */
export async function findPresence(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripPresenceRow | undefined> {
  const rows = await db.select().from(tripPresence).where(rowOf(tripId, userId)).limit(1);
  return rows[0];
}

/**
 * The rows seen at or after `since` of those who are members now (a member who left or was
 * removed stops counting at once, whatever their last heartbeat), in the member list's order:
 * who joined first, the admins first among those who joined together (the trip's creation).
 */
export function findPresentRows(db: Db, tripId: string, since: Date): Promise<TripPresenceRow[]> {
  return db
    .select({
      tripId: tripPresence.tripId,
      userId: tripPresence.userId,
      editing: tripPresence.editing,
      seenAt: tripPresence.seenAt,
    })
    .from(tripPresence)
    .innerJoin(
      tripMembers,
      and(eq(tripMembers.tripId, tripPresence.tripId), eq(tripMembers.userId, tripPresence.userId)),
    )
    .where(and(eq(tripPresence.tripId, tripId), gte(tripPresence.seenAt, since)))
    .orderBy(asc(tripMembers.createdAt), sql`${tripMembers.role} <> 'admin'`, asc(tripPresence.userId));
}

/** The heartbeat: inserts or refreshes the caller's row. */
export async function upsertPresence(db: Db, values: TripPresenceRow): Promise<void> {
  await db
    .insert(tripPresence)
    .values(values)
    .onConflictDoUpdate({
      target: [tripPresence.tripId, tripPresence.userId],
      set: { editing: values.editing, seenAt: values.seenAt },
    });
}

/** Leaving: answers whether there was a row. */
export async function deletePresence(db: Db, tripId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(tripPresence)
    .where(rowOf(tripId, userId))
    .returning({ userId: tripPresence.userId });
  return rows.length > 0;
}

/** Rows of the trip older than `before`: they count no more, so a write clears them away. */
export async function deleteStalePresence(db: Db, tripId: string, before: Date): Promise<void> {
  await db.delete(tripPresence).where(and(eq(tripPresence.tripId, tripId), lt(tripPresence.seenAt, before)));
}
