import { queryOptions, useQuery } from '@tanstack/react-query';
import { featureSchema } from '@tripcrew/contracts/features';
import { wishlistItemSchema } from '@tripcrew/contracts/wishlist';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_ALL_PATH = '/core/wishlist/all';

/**
 * A saved feature as the wishlist page shows it. Lenient about the feature's title and image
 * (the page shows 'no title' and a fallback picture when they are missing).
 */
const wishlistEntrySchema = wishlistItemSchema.extend({
  feature: featureSchema.partial().extend({
    _id: z.string(),
    title: z.string().nullish(),
    image: z.object({ original: z.string().nullish() }).nullish(),
  }),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** GET /core/wishlist/all?listname=: that list's items, each with its feature. */
export async function getWishlistItems(listname: string, signal?: AbortSignal): Promise<WishlistEntry[]> {
  const data = await api.get<unknown>(WISHLIST_ALL_PATH, { query: { listname }, signal });
  const parsed = z.array(wishlistEntrySchema).safeParse(data);
  if (!parsed.success) throw new Error('Unexpected wishlist data');
  return parsed.data;
}

export const wishlistItemsQueryOptions = (listname: string) =>
  queryOptions({
    queryKey: wishlistKeys.items(listname),
    queryFn: ({ signal }) => getWishlistItems(listname, signal),
  });

export function useWishlistItems(listname: string, enabled = true) {
  return useQuery({ ...wishlistItemsQueryOptions(listname), enabled });
}
