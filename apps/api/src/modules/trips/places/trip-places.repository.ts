import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { tripPlaces, type TripPlaceRow } from '../core/trips.table.ts';

/** SQL of the trip's places of its own. */

/** The fields of a place an edit changes. */
export type TripPlacePatch = Partial<
  Pick<TripPlaceRow, 'name' | 'category' | 'address' | 'lat' | 'lng' | 'website' | 'phone' | 'notes'>
>;

/** The trip's places, oldest first. */
export function findTripPlaces(db: Db, tripId: string): Promise<TripPlaceRow[]> {
  return db
    .select()
    .from(tripPlaces)
    .where(eq(tripPlaces.tripId, tripId))
    .orderBy(asc(tripPlaces.createdAt), asc(tripPlaces.id));
}

export function findTripPlace(db: Db, tripId: string, placeId: string): Promise<TripPlaceRow | undefined> {
  return findFirst(db, tripPlaces, and(eq(tripPlaces.tripId, tripId), eq(tripPlaces.id, placeId)));
}

export async function countTripPlaces(db: Db, tripId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(tripPlaces).where(eq(tripPlaces.tripId, tripId));
  return rows[0]?.n ?? 0;
}

/** Inserts a place; undefined when its (client-chosen) id is taken. */
export async function insertTripPlace(
  db: Db,
  values: typeof tripPlaces.$inferInsert,
): Promise<TripPlaceRow | undefined> {
  const rows = await db
    .insert(tripPlaces)
    .values(values)
    .onConflictDoNothing({ target: tripPlaces.id })
    .returning();
  return rows[0];
}

/** Applies `patch`, raises the version by one and touches updated_at: the place as it is now. */
export async function updateTripPlace(
  db: Db,
  placeId: string,
  patch: TripPlacePatch,
): Promise<TripPlaceRow | undefined> {
  const rows = await db
    .update(tripPlaces)
    .set({ ...patch, updatedAt: sql`now()`, version: sql`${tripPlaces.version} + 1` })
    .where(eq(tripPlaces.id, placeId))
    .returning();
  return rows[0];
}

export async function deleteTripPlace(db: Db, placeId: string): Promise<void> {
  await db.delete(tripPlaces).where(eq(tripPlaces.id, placeId));
}
