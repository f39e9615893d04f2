import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { features } from '../features/features.table.ts';
import { users } from '../users/users.table.ts';

/** A user's named wishlists ('default' is created on first use). */
export const wishlistLists = pgTable(
  'wishlist_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_lists_user_name').on(t.userId, t.name)],
);

/** The features saved on a list, once each. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => wishlistLists.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.featureId] }), index('wishlist_items_feature').on(t.featureId)],
);

export type WishlistListRow = typeof wishlistLists.$inferSelect;
export type WishlistItemRow = typeof wishlistItems.$inferSelect;
