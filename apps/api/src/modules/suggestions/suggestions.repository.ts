import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { updateWhenChanged } from '../../db/upsert.ts';
import { suggestions } from './suggestions.table.ts';

export type SuggestionInput = Omit<typeof suggestions.$inferInsert, 'id' | 'updatedAt'>;

export type SuggestionRow = typeof suggestions.$inferSelect;

/** Suggestions in display order. */
export async function listSuggestions(db: Db): Promise<SuggestionRow[]> {
  return db.select().from(suggestions).orderBy(asc(suggestions.position));
}

/** One suggestion by id. */
export async function findSuggestion(db: Db, id: string): Promise<SuggestionRow | undefined> {
  const rows = await db.select().from(suggestions).where(eq(suggestions.id, id)).limit(1);
  return rows[0];
}

/** Upserts by key and removes suggestions no longer curated; the number of rows changed. */
export async function replaceSuggestions(db: Db, rows: SuggestionInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const upserted = await db
    .insert(suggestions)
    .values(rows)
    .onConflictDoUpdate(
      updateWhenChanged(suggestions, suggestions.key, [
        'title',
        'description',
        'days',
        'icons',
        'placeId',
        'position',
        'plan',
      ]),
    )
    .returning({ id: suggestions.id });
  const keys = rows.map((r) => r.key);
  const removed = await db
    .delete(suggestions)
    .where(sql`${suggestions.key} <> all(${sql.param(keys)}::text[])`)
    .returning({ id: suggestions.id });
  return upserted.length + removed.length;
}
