import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { packingItems, type PackingItemRow } from '../core/trips.table.ts';

/** SQL of the trip's shared packing list. */

export function findPackingItems(db: Db, tripId: string): Promise<PackingItemRow[]> {
  return db
    .select()
    .from(packingItems)
    .where(eq(packingItems.tripId, tripId))
    .orderBy(asc(packingItems.createdAt), asc(packingItems.id));
}

export function findPackingItem(db: Db, tripId: string, itemId: string): Promise<PackingItemRow | undefined> {
  return findFirst(db, packingItems, and(eq(packingItems.tripId, tripId), eq(packingItems.id, itemId)));
}

export async function countPackingItems(db: Db, tripId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(packingItems).where(eq(packingItems.tripId, tripId));
  return rows[0]?.n ?? 0;
}

/** Inserts an item; undefined when its (client-chosen) id is taken. */
export async function insertPackingItem(
  db: Db,
  values: typeof packingItems.$inferInsert,
): Promise<PackingItemRow | undefined> {
  const rows = await db
    .insert(packingItems)
    .values(values)
    .onConflictDoNothing({ target: packingItems.id })
    .returning();
  return rows[0];
}

export async function updatePackingItem(
  db: Db,
  itemId: string,
  patch: Partial<Pick<PackingItemRow, 'text' | 'assignedTo' | 'done'>>,
): Promise<void> {
  await db
    .update(packingItems)
    .set({ ...patch, version: sql`${packingItems.version} + 1` })
    .where(eq(packingItems.id, itemId));
}

export async function deletePackingItem(db: Db, itemId: string): Promise<void> {
  await db.delete(packingItems).where(eq(packingItems.id, itemId));
}

/** A member who leaves (or is removed) no longer brings anything: their items go back to anyone. */
export async function unassignPackingItems(db: Db, tripId: string, userId: string): Promise<void> {
  await db
    .update(packingItems)
    .set({ assignedTo: null })
    .where(and(eq(packingItems.tripId, tripId), eq(packingItems.assignedTo, userId)));
}
