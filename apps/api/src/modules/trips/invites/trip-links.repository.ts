import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { tripTokens } from '../core/trip-tokens.repository.ts';
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

export function findInvite(db: Db, tripId: string, inviteId: string): Promise<TripInviteRow | undefined> {
  return findFirst(db, tripInvites, and(eq(tripInvites.tripId, tripId), eq(tripInvites.id, inviteId)));
}

/** The invite of a token hash; `lock` takes the row for the join (so two joins count once each). */
export function findInviteByHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<TripInviteRow | undefined> {
  return findFirst(db, tripInvites, eq(tripInvites.tokenHash, tokenHash), lock);
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

/** The public share link of a trip. */
export const shareTokens = tripTokens(tripShares);
