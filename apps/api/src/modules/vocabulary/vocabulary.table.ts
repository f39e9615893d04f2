import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Curated vocabularies (checklist groups, about-us sections) keyed by name. */
export const vocabulary = pgTable('vocabulary', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
