import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WISHLIST, wishlistListNamesResponseSchema } from '@tripcrew/contracts/wishlist';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';
import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_LISTNAMES_PATH = '/core/wishlist/listnames';

/** GET /core/wishlist/listnames, a cached GET (SPEC §7); 'default' is always offered. */
export async function getWishlistListNames(): Promise<string[]> {
  const data = await apiGet(WISHLIST_LISTNAMES_PATH, wishlistListNamesResponseSchema);
  const names = [...new Set(data.filter((name) => name.trim() !== ''))];
  return names.length > 0 ? names : [DEFAULT_WISHLIST];
}

export const wishlistListNamesQueryOptions = () =>
  cachedQuery(
    queryOptions({
      queryKey: wishlistKeys.listNames(),
      queryFn: getWishlistListNames,
    }),
  );

export function useWishlistListNames() {
  return useQuery(wishlistListNamesQueryOptions());
}
