import type { UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { projectCategories } from '../../modules/categories/api/category-projection.ts';
import { projectWishlist } from '../../modules/wishlist/state/wishlist-projection.ts';

/**
 * Starts writing the persisted slices from their queries (ServerSlices); returns the stop. Its own
 * chunk, loaded after the first render: the slices are read by nobody but the next start.
 */
export function projectServerSlices(
  queryClient: QueryClient,
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  const stopCategories = projectCategories(queryClient, dispatch);
  const stopWishlist = projectWishlist(queryClient, dispatch);
  return () => {
    stopCategories();
    stopWishlist();
  };
}
