import { useQueries } from '@tanstack/react-query';
import { wishlistIdsResponseSchema } from '@tripcrew/contracts/wishlist';
import { apiGet } from '../../../lib/api-client.ts';
import { WISHLIST_IDS_PATH } from './get-wishlist-ids.ts';
import { wishlistKeys } from './wishlist-keys.ts';

/** GET /core/wishlist/ids?listname=: how many features a list holds. */
export async function getWishlistCount(listname: string, signal?: AbortSignal): Promise<number> {
  const ids = await apiGet(WISHLIST_IDS_PATH, wishlistIdsResponseSchema, { query: { listname }, signal });
  return ids.length;
}

/** The number of saved features of each list (undefined while unknown), for the list tabs. */
export function useWishlistCounts(lists: readonly string[]): Record<string, number | undefined> {
  const results = useQueries({
    queries: lists.map((listname) => ({
      queryKey: wishlistKeys.count(listname),
      queryFn: ({ signal }: { signal: AbortSignal }) => getWishlistCount(listname, signal),
    })),
  });
  return Object.fromEntries(lists.map((listname, index) => [listname, results[index]?.data]));
}
