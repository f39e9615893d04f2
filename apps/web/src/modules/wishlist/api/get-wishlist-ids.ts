import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_WISHLIST, wishlistIdsResponseSchema } from '@tripcrew/contracts/wishlist';
import { apiGet } from '../../../lib/api-client.ts';
import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_IDS_PATH = '/core/wishlist/ids';

/** GET /core/wishlist/ids?listname=default: the feature ids on the default list. */
export function getWishlistIds(signal?: AbortSignal): Promise<string[]> {
  return apiGet(WISHLIST_IDS_PATH, wishlistIdsResponseSchema, {
    query: { listname: DEFAULT_WISHLIST },
    signal,
  });
}

/** The ids query's function (the wishlist loader wraps it to mirror each fetch into the slice). */
export const queryWishlistIds = ({ signal }: { signal?: AbortSignal }) => getWishlistIds(signal);

export const wishlistIdsQueryOptions = () =>
  queryOptions({ queryKey: wishlistKeys.ids(), queryFn: queryWishlistIds, retry: false });
