import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { seedCategories } from '../../modules/categories/api/use-categories.ts';
import { seedWishlist } from '../../modules/wishlist/state/use-wishlist-loader.ts';
import type { RootState } from '../store/store.ts';

/**
 * The SPEC's persisted slices that hold server data (the categories, the wishlist's lists) are
 * written from the query cache, the one copy (decision 011): on the first render their saved
 * copies seed the queries (before any screen below asks), then every change of the queries is
 * written back to the slices. Screens read the queries, never these slices.
 */
export function ServerSlices() {
  const queryClient = useQueryClient();
  const store = useStore<RootState>();
  useState(() => {
    const { categories, wishlist, user } = store.getState();
    seedCategories(queryClient, categories);
    if (user.isAuthenticated) seedWishlist(queryClient, wishlist);
    return null;
  });
  useEffect(() => {
    // The writer is loaded after the first render (its own chunk): a change before it starts is
    // written when it does, from the query's state then.
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./server-slices-projection.ts').then(({ projectServerSlices }) => {
      if (!stopped) stop = projectServerSlices(queryClient, store.dispatch);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, store]);
  return null;
}
