import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from 'react-redux';
import { wishlistIdsQueryOptions } from '../api/get-wishlist-ids.ts';
import { wishlistKeys } from '../api/wishlist-keys.ts';
import {
  savedWishlistIds,
  WISHLIST_RETRY_MS,
  type WishlistReloadState,
  type WishlistState,
} from './wishlist-slice.ts';

/** SPEC §4: after a failure the ids are asked for again only a second later. */
export function waitingAfterFailure(queryClient: QueryClient, now: number = Date.now()): boolean {
  const state = queryClient.getQueryState(wishlistKeys.ids());
  return state?.status === 'error' && now < state.errorUpdatedAt + WISHLIST_RETRY_MS;
}

/**
 * Loads the default wishlist ids with the wishlist ids query when signed in (SPEC §4: again once
 * the hour is over, the query's staleTime; a second after a failure). Safe to call from many
 * components at once: they share one query.
 */
export function useWishlistLoader(): void {
  const queryClient = useQueryClient();
  const isAuthenticated = useSelector((state: WishlistReloadState) => state.user.isAuthenticated);
  useQuery({ ...wishlistIdsQueryOptions(), enabled: isAuthenticated && !waitingAfterFailure(queryClient) });
}

/** Seeds the ids query from the persisted slice while its ids are valid (a reload within the hour asks nothing). */
export function seedWishlist(queryClient: QueryClient, saved: WishlistState): void {
  const valid = savedWishlistIds(saved);
  if (valid && queryClient.getQueryData(wishlistKeys.ids()) === undefined) {
    queryClient.setQueryData(wishlistKeys.ids(), valid.ids, { updatedAt: valid.updatedAt });
  }
}
