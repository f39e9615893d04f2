import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { places } from '../places/core/places.table.ts';

/** A suggestion's plan as stored: feature ids resolved from the seed's keys. */
export interface StoredPlan {
  transport: 'public' | 'private';
  /** Weekdays (0 = Sunday) the plan may start on with every stop open. */
  startDays: number[];
  days: Array<{ title: string; start: string; featureIds: string[] }>;
}

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
  /** Its ready-made plan (decision 042): the days, each with its features' ids in order. */
  plan: jsonb('plan').$type<StoredPlan>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
