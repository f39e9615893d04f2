import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { seedCategories } from '../../modules/categories/api/use-categories.ts';
import { projectUser, seedCurrentUser } from '../../modules/users/state/user-projection.ts';
import { seedWishlist } from '../../modules/wishlist/state/use-wishlist-loader.ts';
import type { RootState } from '../store/store.ts';

/**
 * The SPEC's persisted slices that hold server data (the categories, the wishlist's lists, the
 * signed-in user) are written from the query cache, the one copy (decision 011): on the first
 * render their saved copies seed the queries (before any screen below asks), then every change of
 * the queries is written back to the slices. Screens read the queries, never the categories' and
 * wishlist's slices; the user slice is what screens ask "who is signed in", so its writer starts at
 * once (before the session check below) rather than with the others' after the first render.
 */
export function ServerSlices() {
  const queryClient = useQueryClient();
  const store = useStore<RootState>();
  useState(() => {
    const { categories, wishlist, user } = store.getState();
    seedCategories(queryClient, categories);
    seedCurrentUser(queryClient, user);
    if (user.isAuthenticated) seedWishlist(queryClient, wishlist);
    return null;
  });
  useEffect(() => projectUser(queryClient, store.dispatch), [queryClient, store]);
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
