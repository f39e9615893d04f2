import { and, eq, sql } from 'drizzle-orm';
import type { TripRole } from '@tripcrew/contracts/trips';
import type { Db } from '../../db/client.ts';
import { tripMembers, trips, type TripRow } from './trips.table.ts';

/**
 * SQL of the trips themselves. Every function takes the database or an open transaction; the
 * sub-resources (members, features, planner, checklist, calendar feed) have their own files.
 */

export type NewTripRow = typeof trips.$inferInsert;

export async function insertTrip(db: Db, values: NewTripRow): Promise<TripRow> {
  const rows = await db.insert(trips).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into trips returned no row');
  return row;
}

export async function findTrip(db: Db, id: string): Promise<TripRow | undefined> {
  const rows = await db.select().from(trips).where(eq(trips.id, id)).limit(1);
  return rows[0];
}

/** A trip and the role of one user in it (null when that user is not a member). */
export interface TripWithRole {
  trip: TripRow;
  role: TripRole | null;
}

/**
 * The trip and `userId`'s role in one statement (the access check of every trip call). With
 * `lock`, the trip row is locked until the transaction ends: every trip write serialises on it.
 */
export async function findTripWithRole(
  db: Db,
  tripId: string,
  userId: string,
  lock: boolean,
): Promise<TripWithRole | undefined> {
  const query = db
    .select({ trip: trips, role: tripMembers.role })
    .from(trips)
    .leftJoin(tripMembers, and(eq(tripMembers.tripId, trips.id), eq(tripMembers.userId, userId)))
    .where(eq(trips.id, tripId))
    .limit(1);
  const rows = await (lock ? query.for('update', { of: trips }) : query);
  return rows[0];
}

export async function updateTrip(
  db: Db,
  id: string,
  patch: Partial<Omit<NewTripRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(trips)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(trips.id, id));
}

export async function deleteTrip(db: Db, id: string): Promise<void> {
  await db.delete(trips).where(eq(trips.id, id));
}
