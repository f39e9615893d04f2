import type { UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { projectQuery } from '../../../lib/query-projection.ts';
import { wishlistKeys } from '../api/wishlist-keys.ts';
import { wishlistFromQuery, wishlistProjected } from './wishlist-slice.ts';

/** Writes the persisted wishlist slice's lists (SPEC §3: 'wishlist') from the ids query; returns the unsubscribe. */
export function projectWishlist(
  queryClient: QueryClient,
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  return projectQuery<string[]>(queryClient, wishlistKeys.ids(), (state) =>
    dispatch(wishlistProjected(wishlistFromQuery(state))),
  );
}
