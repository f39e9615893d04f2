import { configureStore } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { freezeDateEachTest } from '../../../lib/testing/frozen-clock.ts';
import { setWishlisted, wishlistIdsQueryOptions } from '../api/get-wishlist-ids.ts';
import { wishlistKeys } from '../api/wishlist-keys.ts';
import { seedWishlist, waitingAfterFailure } from './use-wishlist-loader.ts';
import { projectWishlist } from './wishlist-projection.ts';
import {
  clearWishlist,
  initialWishlistState,
  setWishlistTripEntries,
  wishlistSlice,
  type WishlistState,
} from './wishlist-slice.ts';

const NOW = new Date(2025, 4, 1, 12, 0, 0).getTime();
const HOUR = 60 * 60 * 1000;

/** A store whose wishlist slice is written from the ids query of a fresh query cache. */
function projected(wishlist: WishlistState = initialWishlistState) {
  const store = configureStore({
    reducer: { wishlist: wishlistSlice.reducer },
    preloadedState: { wishlist },
  });
  const queryClient = new QueryClient();
  projectWishlist(queryClient, store.dispatch);
  return { store, queryClient };
}

freezeDateEachTest(NOW);

describe('wishlist fetch (the slice written from the ids query)', () => {
  it('[STATE-12] pending sets loading; fulfilled stores the list, loading off, expireAt now + 1 hour', async () => {
    const answer = deferred<Response>();
    const mock = mockFetch(() => answer.promise);
    const { store, queryClient } = projected();
    const loading = queryClient.fetchQuery(wishlistIdsQueryOptions());
    expect(store.getState().wishlist.loading).toBe(true);
    answer.resolve(jsonResponse(200, ['f1', 'f2']));
    await loading;
    expect(store.getState().wishlist).toMatchObject({
      lists: { default: ['f1', 'f2'] },
      loading: false,
      expireAt: NOW + HOUR,
    });
    expect(mock.requests[0]?.url).toBe('/api/core/wishlist/ids?listname=default');
  });

  it('[STATE-12] rejected sets loading false and expireAt now + 1 second, keeping the list', async () => {
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    const { store, queryClient } = projected();
    queryClient.setQueryData(wishlistKeys.ids(), ['f9']);
    await expect(
      queryClient.fetchQuery({ ...wishlistIdsQueryOptions(), staleTime: 0 }),
    ).rejects.toMatchObject({ status: 500 });
    expect(store.getState().wishlist).toMatchObject({
      lists: { default: ['f9'] },
      loading: false,
      expireAt: NOW + 1000,
    });
  });

  it('a confirmed change shows in the ids at once, without duplicates', () => {
    const { store, queryClient } = projected();
    setWishlisted(queryClient, 'f1', true);
    setWishlisted(queryClient, 'f1', true);
    setWishlisted(queryClient, 'f2', true);
    expect(store.getState().wishlist.lists.default).toEqual(['f1', 'f2']);
    setWishlisted(queryClient, 'f1', false);
    expect(queryClient.getQueryData(wishlistKeys.ids())).toEqual(['f2']);
  });
});

describe('wishlist reload rule', () => {
  it('[STATE-13] after a load the reload waits for the hour; a valid saved list seeds the query', async () => {
    const mock = mockFetch(() => jsonResponse(200, ['f1']));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(wishlistIdsQueryOptions());
    await queryClient.fetchQuery(wishlistIdsQueryOptions());
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(NOW + HOUR + 1);
    await queryClient.fetchQuery(wishlistIdsQueryOptions());
    expect(mock.requests).toHaveLength(2);

    const reloaded = new QueryClient();
    seedWishlist(reloaded, {
      ...initialWishlistState,
      lists: { default: ['f7'] },
      expireAt: Date.now() + 10,
    });
    expect(reloaded.getQueryData(wishlistKeys.ids())).toEqual(['f7']);
    const expired = new QueryClient();
    seedWishlist(expired, { ...initialWishlistState, lists: { default: ['f7'] }, expireAt: Date.now() - 1 });
    expect(expired.getQueryData(wishlistKeys.ids())).toBeUndefined();
  });

  it('[STATE-13] after a failure the reload is allowed again one second later', async () => {
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(wishlistIdsQueryOptions())).rejects.toMatchObject({ status: 500 });
    expect(waitingAfterFailure(queryClient)).toBe(true);
    vi.setSystemTime(NOW + 1001);
    expect(waitingAfterFailure(queryClient)).toBe(false);
  });
});

describe('wishlist client state', () => {
  const reducer = wishlistSlice.reducer;

  it('keeps per-trip entries without duplicates and clears', () => {
    const state = reducer(undefined, setWishlistTripEntries({ tripId: 't1', entries: ['a', 'a', 'b'] }));
    expect(state.trips).toEqual({ t1: ['a', 'b'] });
    expect(reducer(state, clearWishlist())).toEqual(initialWishlistState);
  });
});
