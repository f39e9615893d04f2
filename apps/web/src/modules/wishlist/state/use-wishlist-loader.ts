import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { mirroredQueryFn } from '../../../lib/query-mirror.ts';
import { queryWishlistIds, wishlistIdsQueryOptions } from '../api/get-wishlist-ids.ts';
import {
  shouldReloadWishlist,
  type WishlistReloadState,
  wishlistFailed,
  wishlistReceived,
  wishlistRequested,
  type WishlistState,
} from './wishlist-slice.ts';

type WishlistRootState = WishlistReloadState & { wishlist: WishlistState };

/**
 * Loads the default wishlist ids with the wishlist ids query, by the SPEC §4 reload rule (signed
 * in, now past expireAt, no load running: see shouldReloadWishlist), and mirrors the query into
 * the wishlist slice. Safe to call from many components at once: they share one query.
 */
export function useWishlistLoader(): void {
  const dispatch = useDispatch();
  const reload = useSelector((state: WishlistRootState) => shouldReloadWishlist(state));
  const isAuthenticated = useSelector((state: WishlistRootState) => state.user.isAuthenticated);
  const queryFn = useMemo(
    () =>
      mirroredQueryFn(queryWishlistIds, {
        fetching: () => dispatch(wishlistRequested()),
        received: (ids: string[]) => dispatch(wishlistReceived(ids)),
        failed: () => dispatch(wishlistFailed()),
      }),
    [dispatch],
  );
  useQuery({ ...wishlistIdsQueryOptions(), queryFn, enabled: isAuthenticated && reload });
}
