import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { DEFAULT_WISHLIST } from '@tripcrew/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';
import { WISHLIST_TTL_MS } from '../state/wishlist-slice.ts';
import { WISHLIST_IDS_PATH, wishlistKeys } from './wishlist-keys.ts';

export { WISHLIST_IDS_PATH };

/** GET /core/wishlist/ids?listname=default: the feature ids on the default list. */
export function getWishlistIds(signal?: AbortSignal): Promise<string[]> {
  // The schema loads beside the request: the trip and place pages' hearts wait for no contract chunk.
  const schema = import('@tripcrew/contracts/wishlist').then((module) => module.wishlistIdsResponseSchema);
  return apiGet(WISHLIST_IDS_PATH, schema, {
    query: { listname: DEFAULT_WISHLIST },
    signal,
  });
}

export const queryWishlistIds = ({ signal }: { signal?: AbortSignal }) => getWishlistIds(signal);

/** The default list's ids: fresh for one hour (SPEC §9); the persisted wishlist slice is written from it. */
export const wishlistIdsQueryOptions = () =>
  queryOptions({
    queryKey: wishlistKeys.ids(),
    queryFn: queryWishlistIds,
    staleTime: WISHLIST_TTL_MS,
    retry: false,
  });

/** A change of the default list the server confirmed, shown at once (a refetch follows). */
export function setWishlisted(queryClient: QueryClient, featureId: string, wished: boolean): void {
  queryClient.setQueryData<string[]>(wishlistKeys.ids(), (ids = []) => {
    const without = ids.filter((id) => id !== featureId);
    return wished ? [...without, featureId] : without;
  });
}
