import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wishlistItems, wishlistLists } from './wishlist.table.ts';

/** Every list of the user with its saved features (lists oldest first, items in saving order). */
export async function findWishlistsForExport(db: Db, userId: string) {
  return db
    .select({
      listId: wishlistLists.id,
      name: wishlistLists.name,
      listCreatedAt: wishlistLists.createdAt,
      featureId: wishlistItems.featureId,
      savedAt: wishlistItems.createdAt,
    })
    .from(wishlistLists)
    .leftJoin(wishlistItems, eq(wishlistItems.listId, wishlistLists.id))
    .where(eq(wishlistLists.userId, userId))
    .orderBy(asc(wishlistLists.createdAt), asc(wishlistLists.name), asc(wishlistItems.createdAt));
}
