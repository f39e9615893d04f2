import type { wishlistChangeResponseSchema } from '@tripcrew/contracts/wishlist';
import { apiWrite } from '../../../lib/api-write.ts';
import type { z } from 'zod';

export const WISHLIST_ADD_PATH = '/core/wishlist';
export type WishlistChange = z.infer<typeof wishlistChangeResponseSchema>;

/** POST /core/wishlist {featureId}: adds the feature to the default list; answers the list's ids. */
export async function addWishlistFeature(featureId: string): Promise<WishlistChange | null> {
  // The schema loads beside the request (the heart is on the trip and place pages' first render).
  const [data, { wishlistChangeResponseSchema }] = await Promise.all([
    apiWrite<unknown>('POST', WISHLIST_ADD_PATH, { featureId }),
    import('@tripcrew/contracts/wishlist'),
  ]);
  const parsed = wishlistChangeResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
