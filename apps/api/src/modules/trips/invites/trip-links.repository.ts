import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findValue } from '../../../db/find-value.ts';
import { tripInvites, tripShares, type TripInviteRow } from '../core/trips.table.ts';

/** SQL of the links to a trip: invite links and the public share link (hashed tokens only). */

export type NewTripInviteRow = typeof tripInvites.$inferInsert;

export async function insertInvite(db: Db, values: NewTripInviteRow): Promise<TripInviteRow> {
  const rows = await db.insert(tripInvites).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into trip_invites returned no row');
  return row;
}

/** The trip's invites that still work at `now` (not revoked, not expired), oldest first. */
export function findActiveInvites(db: Db, tripId: string, now: Date): Promise<TripInviteRow[]> {
  return db
    .select()
    .from(tripInvites)
    .where(and(eq(tripInvites.tripId, tripId), isNull(tripInvites.revokedAt), gt(tripInvites.expiresAt, now)))
    .orderBy(asc(tripInvites.createdAt), asc(tripInvites.id));
}

export async function findInvite(
  db: Db,
  tripId: string,
  inviteId: string,
): Promise<TripInviteRow | undefined> {
  const rows = await db
    .select()
    .from(tripInvites)
    .where(and(eq(tripInvites.tripId, tripId), eq(tripInvites.id, inviteId)))
    .limit(1);
  return rows[0];
}

/** The invite of a token hash; `lock` takes the row for the join (so two joins count once each). */
export async function findInviteByHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<TripInviteRow | undefined> {
  const query = db.select().from(tripInvites).where(eq(tripInvites.tokenHash, tokenHash)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function revokeInvite(db: Db, inviteId: string, now: Date): Promise<void> {
  await db
    .update(tripInvites)
    .set({ revokedAt: now })
    .where(and(eq(tripInvites.id, inviteId), isNull(tripInvites.revokedAt)));
}

export async function countInviteUse(db: Db, inviteId: string): Promise<void> {
  await db
    .update(tripInvites)
    .set({ uses: sql`${tripInvites.uses} + 1` })
    .where(eq(tripInvites.id, inviteId));
}

export async function findShare(
  db: Db,
  tripId: string,
): Promise<{ tokenHash: string; createdAt: Date } | undefined> {
  const rows = await db
    .select({ tokenHash: tripShares.tokenHash, createdAt: tripShares.createdAt })
    .from(tripShares)
    .where(eq(tripShares.tripId, tripId))
    .limit(1);
  return rows[0];
}

export async function findTripIdByShareHash(db: Db, tokenHash: string): Promise<string | undefined> {
  return findValue(db, tripShares.tripId, tripShares.tokenHash, tokenHash);
}

/** Turns sharing on with a new token (the previous link, if any, stops working). */
export async function saveShare(db: Db, tripId: string, tokenHash: string, userId: string): Promise<Date> {
  const rows = await db
    .insert(tripShares)
    .values({ tripId, tokenHash, createdBy: userId })
    .onConflictDoUpdate({
      target: tripShares.tripId,
      set: { tokenHash, createdBy: userId, createdAt: sql`now()` },
    })
    .returning({ createdAt: tripShares.createdAt });
  return rows[0]?.createdAt ?? new Date();
}

export async function deleteShare(db: Db, tripId: string): Promise<void> {
  await db.delete(tripShares).where(eq(tripShares.tripId, tripId));
}
