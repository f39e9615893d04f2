import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../db/columns.ts';
import { features } from '../features/core/features.table.ts';
import { users } from '../users/users.table.ts';

/** A user's named wishlists ('default' is created on first use). */
export const wishlistLists = pgTable(
  'wishlist_lists',
  {
    id: idColumn(),
    userId: ownerColumn('user_id', () => users.id),
    name: text('name').notNull(),
    createdAt: nowColumn(),
  },
  (t) => [uniqueIndex('wishlist_lists_user_name').on(t.userId, t.name)],
);

/** The features saved on a list, once each. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    listId: ownerColumn('list_id', () => wishlistLists.id),
    featureId: ownerColumn('feature_id', () => features.id),
    createdAt: nowColumn(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.featureId] }), index('wishlist_items_feature').on(t.featureId)],
);

export type WishlistListRow = typeof wishlistLists.$inferSelect;
export type WishlistItemRow = typeof wishlistItems.$inferSelect;
