import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { places } from '../places/core/places.table.ts';

/** Curated trip plans (seeded from suggestions.data.ts), in display order. */
export const suggestions = pgTable('suggestions', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  days: integer('days').notNull(),
  icons: text('icons').notNull(),
  placeId: uuid('place_id')
    .notNull()
    .references(() => places.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
