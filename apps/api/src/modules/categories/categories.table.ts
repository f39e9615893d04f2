import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The category taxonomy (seeded from categories.data.ts), in display order. */
export const categories = pgTable('categories', {
  title: text('title').primaryKey(),
  icon: text('icon').notNull(),
  subcategories: text('subcategories').array().notNull(),
  position: integer('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
