import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { updateWhenChanged } from '../../db/upsert.ts';
import { categories } from './categories.table.ts';

export type CategoryRow = typeof categories.$inferSelect;

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position));
}

/** Upserts the taxonomy and removes categories no longer in it; the number of rows changed. */
export async function replaceCategories(
  db: Db,
  rows: Array<{ title: string; icon: string; subcategories: string[]; position: number }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const upserted = await db
    .insert(categories)
    .values(rows)
    .onConflictDoUpdate(
      updateWhenChanged(categories, categories.title, ['icon', 'subcategories', 'position']),
    )
    .returning({ title: categories.title });
  const titles = rows.map((r) => r.title);
  const removed = await db
    .delete(categories)
    .where(sql`${categories.title} <> all(${sql.param(titles)}::text[])`)
    .returning({ title: categories.title });
  return upserted.length + removed.length;
}
