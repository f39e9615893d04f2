import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { wishlistItems, wishlistLists, type WishlistListRow } from './wishlist.table.ts';

/** SQL of the wishlist module. Every function takes the database or an open transaction. */

// ---------------------------------------------------------------- lists

/** The feature ids of the user's list `name`, newest first: one prepared statement. */
const listFeatureIds = preparedQuery((db) =>
  db
    .select({ featureId: wishlistItems.featureId })
    .from(wishlistLists)
    .innerJoin(wishlistItems, eq(wishlistItems.listId, wishlistLists.id))
    .where(
      and(
        eq(wishlistLists.userId, sql.placeholder('userId')),
        eq(wishlistLists.name, sql.placeholder('name')),
      ),
    )
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.featureId))
    .prepare('wishlist_feature_ids'),
);

export async function findFeatureIdsOfList(db: Db, userId: string, name: string): Promise<string[]> {
  const rows = await listFeatureIds(db).execute({ userId, name });
  return rows.map((row) => row.featureId);
}

export async function findList(db: Db, userId: string, name: string): Promise<WishlistListRow | undefined> {
  const rows = await db
    .select()
    .from(wishlistLists)
    .where(and(eq(wishlistLists.userId, userId), eq(wishlistLists.name, name)))
    .limit(1);
  return rows[0];
}

/** The user's list names, oldest first. */
export async function findListNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: wishlistLists.name })
    .from(wishlistLists)
    .where(eq(wishlistLists.userId, userId))
    .orderBy(asc(wishlistLists.createdAt), asc(wishlistLists.name));
  return rows.map((r) => r.name);
}

/**
 * The list `name`, created when missing, locked until the transaction ends (the default list's
 * lock serialises every change to a user's set of lists).
 */
export async function ensureListLocked(db: Db, userId: string, name: string): Promise<WishlistListRow> {
  await db.insert(wishlistLists).values({ userId, name }).onConflictDoNothing();
  const rows = await db
    .select()
    .from(wishlistLists)
    .where(and(eq(wishlistLists.userId, userId), eq(wishlistLists.name, name)))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (!row) throw new Error(`wishlist list ${name} vanished right after its insert`);
  return row;
}

/** Another list of the user with the same name, compared case-insensitively. */
export async function findListNamedLike(
  db: Db,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<WishlistListRow | undefined> {
  const rows = await db
    .select()
    .from(wishlistLists)
    .where(
      and(
        eq(wishlistLists.userId, userId),
        sql`lower(${wishlistLists.name}) = lower(${name})`,
        exceptId ? ne(wishlistLists.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function countLists(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(wishlistLists).where(eq(wishlistLists.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function insertList(db: Db, userId: string, name: string): Promise<WishlistListRow | undefined> {
  const rows = await db.insert(wishlistLists).values({ userId, name }).onConflictDoNothing().returning();
  return rows[0];
}

export async function renameList(db: Db, id: string, name: string): Promise<void> {
  await db.update(wishlistLists).set({ name }).where(eq(wishlistLists.id, id));
}

/** Deletes the list and, by cascade, its items. */
export async function deleteList(db: Db, id: string): Promise<void> {
  await db.delete(wishlistLists).where(eq(wishlistLists.id, id));
}

// ---------------------------------------------------------------- items

export interface ItemRow {
  featureId: string;
  createdAt: Date;
}

/** The list's items, newest first. */
export async function findItems(db: Db, listId: string): Promise<ItemRow[]> {
  return db
    .select({ featureId: wishlistItems.featureId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.listId, listId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.featureId));
}

export async function countItems(db: Db, listId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.listId, listId));
  return rows[0]?.n ?? 0;
}

/** Adds the feature; resolves to false when it was on the list already. */
export async function insertItem(db: Db, listId: string, featureId: string): Promise<boolean> {
  const rows = await db
    .insert(wishlistItems)
    .values({ listId, featureId })
    .onConflictDoNothing()
    .returning({ featureId: wishlistItems.featureId });
  return rows.length > 0;
}

export async function deleteItem(db: Db, listId: string, featureId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.listId, listId), eq(wishlistItems.featureId, featureId)));
}
