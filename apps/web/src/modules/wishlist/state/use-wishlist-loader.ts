import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/store.ts';
import { ensureWishlist } from './wishlist-slice.ts';

/**
 * Loads the default wishlist ids into the wishlist slice by the SPEC §4 reload rule
 * (signed in, now past expireAt, no load running: see shouldReloadWishlist). Safe to call from many
 * components at once: the first load sets `loading`, so the others do nothing.
 */
export function useWishlistLoader(): void {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.user.isAuthenticated);
  useEffect(() => {
    if (isAuthenticated) void dispatch(ensureWishlist(undefined));
  }, [dispatch, isAuthenticated]);
}
