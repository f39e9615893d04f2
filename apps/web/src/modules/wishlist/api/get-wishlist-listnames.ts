import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WISHLIST, wishlistListNamesResponseSchema } from '@tripcrew/contracts/wishlist';
import { cachedGet } from '../../../lib/api-client.ts';
import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_LISTNAMES_PATH = '/core/wishlist/listnames';

/** GET /core/wishlist/listnames through the cached GET (SPEC §7); 'default' is always offered. */
export async function getWishlistListNames(): Promise<string[]> {
  const data = await cachedGet<unknown>(WISHLIST_LISTNAMES_PATH);
  const parsed = wishlistListNamesResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected wishlist list names');
  const names = [...new Set(parsed.data.filter((name) => name.trim() !== ''))];
  return names.length > 0 ? names : [DEFAULT_WISHLIST];
}

export const wishlistListNamesQueryOptions = () =>
  queryOptions({ queryKey: wishlistKeys.listNames(), queryFn: getWishlistListNames });

export function useWishlistListNames() {
  return useQuery(wishlistListNamesQueryOptions());
}
