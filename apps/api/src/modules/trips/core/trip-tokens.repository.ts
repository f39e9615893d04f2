import { eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findValue, firstRow } from '../../../db/find-value.ts';
import type { calendarFeeds, tripShares } from './trips.table.ts';

/**
 * SQL of the links that open one trip with a secret token (the private calendar feed, the public
 * share link): one row per trip, holding only the token's hash.
 */
type TripTokenTable = typeof calendarFeeds | typeof tripShares;

export interface TripTokens {
  /** The trip's token row (its hash and when it was made), if the link is on. */
  find(db: Db, tripId: string): Promise<{ tokenHash: string; createdAt: Date } | undefined>;
  /** The trip a token hash opens. */
  findTripId(db: Db, tokenHash: string): Promise<string | undefined>;
  /** Turns the link on with a new token (the previous one stops working); answers when. */
  save(db: Db, tripId: string, tokenHash: string, userId: string): Promise<Date>;
  delete(db: Db, tripId: string): Promise<void>;
}

export function tripTokens(table: TripTokenTable): TripTokens {
  const t = table as typeof tripShares;
  return {
    find: (db, tripId) =>
      firstRow(
        db.select({ tokenHash: t.tokenHash, createdAt: t.createdAt }).from(t).where(eq(t.tripId, tripId)),
      ),
    findTripId: (db, tokenHash) => findValue(db, t.tripId, t.tokenHash, tokenHash),
    async save(db, tripId, tokenHash, userId) {
      const rows = await db
        .insert(t)
        .values({ tripId, tokenHash, createdBy: userId })
        .onConflictDoUpdate({
          target: t.tripId,
          set: { tokenHash, createdBy: userId, createdAt: sql`now()` },
        })
        .returning({ createdAt: t.createdAt });
      const row = rows[0];
      if (!row) throw new Error(`the ${getTableName(t)} row of the trip was not saved`);
      return row.createdAt;
    },
    async delete(db, tripId) {
      await db.delete(t).where(eq(t.tripId, tripId));
    },
  };
}
