import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from './trips.table.ts';

/** SQL of the private calendar feeds: one secret token per trip, at most. */

export async function findFeedToken(db: Db, tripId: string): Promise<string | undefined> {
  const rows = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tripId, tripId))
    .limit(1);
  return rows[0]?.token;
}

export async function findTripIdByFeedToken(db: Db, token: string): Promise<string | undefined> {
  const rows = await db
    .select({ tripId: calendarFeeds.tripId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return rows[0]?.tripId;
}

export async function saveFeedToken(db: Db, tripId: string, token: string, userId: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ tripId, token, createdBy: userId })
    .onConflictDoUpdate({
      target: calendarFeeds.tripId,
      set: { token, createdBy: userId, createdAt: sql`now()` },
    });
}

export async function deleteFeed(db: Db, tripId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.tripId, tripId));
}
