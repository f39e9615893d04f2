import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { places } from '../places/places.table.ts';
import { suggestions } from './suggestions.table.ts';

export type SuggestionInput = Omit<typeof suggestions.$inferInsert, 'id' | 'updatedAt'>;

/** Suggestions with the summary of their place, in display order. */
export async function listSuggestions(db: Db) {
  return db
    .select({
      id: suggestions.id,
      title: suggestions.title,
      description: suggestions.description,
      days: suggestions.days,
      icons: suggestions.icons,
      place: {
        id: places.id,
        title: places.title,
        type: places.type,
        country: places.country,
        region: places.region,
        imageOriginal: places.imageOriginal,
      },
    })
    .from(suggestions)
    .innerJoin(places, eq(places.id, suggestions.placeId))
    .orderBy(asc(suggestions.position));
}

/** Upserts by key and removes suggestions no longer curated; the number of rows changed. */
export async function replaceSuggestions(db: Db, rows: SuggestionInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const upserted = await db
    .insert(suggestions)
    .values(rows)
    .onConflictDoUpdate({
      target: suggestions.key,
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        days: sql`excluded.days`,
        icons: sql`excluded.icons`,
        placeId: sql`excluded.place_id`,
        position: sql`excluded.position`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${suggestions.title}, ${suggestions.description}, ${suggestions.days}, ${suggestions.icons}, ${suggestions.placeId}, ${suggestions.position})
        is distinct from (excluded.title, excluded.description, excluded.days, excluded.icons, excluded.place_id, excluded.position)`,
    })
    .returning({ id: suggestions.id });
  const keys = rows.map((r) => r.key);
  const removed = await db
    .delete(suggestions)
    .where(sql`${suggestions.key} <> all(${sql.param(keys)}::text[])`)
    .returning({ id: suggestions.id });
  return upserted.length + removed.length;
}
