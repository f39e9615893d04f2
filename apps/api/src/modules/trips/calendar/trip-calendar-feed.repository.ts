import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findValue } from '../../../db/find-value.ts';
import { calendarFeeds } from '../core/trips.table.ts';

/** SQL of the private calendar feeds: one per trip at most, kept as the hash of its token. */

export async function findFeed(db: Db, tripId: string): Promise<{ createdAt: Date } | undefined> {
  const rows = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tripId, tripId))
    .limit(1);
  return rows[0];
}

export async function findTripIdByFeedTokenHash(db: Db, tokenHash: string): Promise<string | undefined> {
  return findValue(db, calendarFeeds.tripId, calendarFeeds.tokenHash, tokenHash);
}

export async function saveFeedTokenHash(
  db: Db,
  tripId: string,
  tokenHash: string,
  userId: string,
): Promise<{ createdAt: Date }> {
  const rows = await db
    .insert(calendarFeeds)
    .values({ tripId, tokenHash, createdBy: userId })
    .onConflictDoUpdate({
      target: calendarFeeds.tripId,
      set: { tokenHash, createdBy: userId, createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  const row = rows[0];
  if (!row) throw new Error('the calendar feed was not saved');
  return row;
}

export async function deleteFeed(db: Db, tripId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.tripId, tripId));
}
