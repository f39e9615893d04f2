import { apiWrite } from '../../../lib/api-write.ts';
import type { WishlistChange } from './add-wishlist-feature.ts';

/** SPEC §7: the removal path has no /core prefix. */
export const wishlistRemovePath = (featureId: string): string => `/wishlist/${encodeURIComponent(featureId)}`;

/** DELETE /wishlist/{featureId}: removes the feature from the default list. */
export async function removeWishlistFeature(featureId: string): Promise<WishlistChange | null> {
  const [data, { wishlistChangeResponseSchema }] = await Promise.all([
    apiWrite<unknown>('DELETE', wishlistRemovePath(featureId)),
    import('@tripcrew/contracts/wishlist'),
  ]);
  const parsed = wishlistChangeResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
