import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_WISHLIST } from '@tripcrew/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';
import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_IDS_PATH = '/core/wishlist/ids';

/** GET /core/wishlist/ids?listname=default: the feature ids on the default list. */
export function getWishlistIds(signal?: AbortSignal): Promise<string[]> {
  // The schema loads beside the request: the trip and place pages' hearts wait for no contract chunk.
  const schema = import('@tripcrew/contracts/wishlist').then((module) => module.wishlistIdsResponseSchema);
  return apiGet(WISHLIST_IDS_PATH, schema, {
    query: { listname: DEFAULT_WISHLIST },
    signal,
  });
}

/** The ids query's function (the wishlist loader wraps it to mirror each fetch into the slice). */
export const queryWishlistIds = ({ signal }: { signal?: AbortSignal }) => getWishlistIds(signal);

export const wishlistIdsQueryOptions = () =>
  queryOptions({ queryKey: wishlistKeys.ids(), queryFn: queryWishlistIds, retry: false });
