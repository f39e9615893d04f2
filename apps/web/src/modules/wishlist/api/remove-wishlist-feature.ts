import { wishlistChangeResponseSchema } from '@tripcrew/contracts/wishlist';
import { api, isApiError } from '../../../lib/api-client.ts';
import type { WishlistChange } from './add-wishlist-feature.ts';

/** SPEC §7: the removal path has no /core prefix. */
export const wishlistRemovePath = (featureId: string): string => `/wishlist/${encodeURIComponent(featureId)}`;

/** DELETE /wishlist/{featureId}: removes the feature from the default list (204 is taken as done). */
export async function removeWishlistFeature(featureId: string): Promise<WishlistChange | null> {
  try {
    const data = await api.delete<unknown>(wishlistRemovePath(featureId));
    const parsed = wishlistChangeResponseSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (isApiError(error) && error.status === 204) return null;
    throw error;
  }
}
