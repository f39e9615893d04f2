import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { freezeDateEachTest } from '../../../lib/testing/frozen-clock.ts';
import { getWishlistIds } from '../api/get-wishlist-ids.ts';
import {
  addToWishlist,
  clearWishlist,
  initialWishlistState,
  invalidateWishlist,
  removeFromWishlist,
  selectIsWishlisted,
  setWishlistTripEntries,
  shouldReloadWishlist,
  wishlistFailed,
  wishlistListDeleted,
  wishlistListRenamed,
  wishlistReceived,
  wishlistRequested,
  wishlistSlice,
  type WishlistState,
} from './wishlist-slice.ts';

const NOW = new Date(2025, 4, 1, 12, 0, 0).getTime();
const HOUR = 60 * 60 * 1000;

function makeStore(isAuthenticated = true, wishlist: WishlistState = initialWishlistState) {
  return configureStore({
    reducer: {
      wishlist: wishlistSlice.reducer,
      user: (state: { isAuthenticated: boolean } = { isAuthenticated }) => state,
    },
    preloadedState: { wishlist, user: { isAuthenticated } },
  });
}

freezeDateEachTest(NOW);

describe('wishlist fetch', () => {
  it('[STATE-12] pending sets loading; fulfilled stores the list, loading off, expireAt now + 1 hour', async () => {
    const mock = mockFetch(() => jsonResponse(200, ['f1', 'f2']));
    const store = makeStore();
    // The slice mirrors the wishlist ids query (state/use-wishlist-loader.ts).
    store.dispatch(wishlistRequested());
    expect(store.getState().wishlist.loading).toBe(true);
    store.dispatch(wishlistReceived(await getWishlistIds()));
    expect(store.getState().wishlist).toMatchObject({
      lists: { default: ['f1', 'f2'] },
      loading: false,
      expireAt: NOW + HOUR,
    });
    expect(mock.requests[0]?.url).toBe('/api/core/wishlist/ids?listname=default');
  });

  it('[STATE-12] rejected sets loading false and expireAt now + 1 second, keeping the list', async () => {
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    const store = makeStore(true, { ...initialWishlistState, lists: { default: ['f9'] }, expireAt: 5 });
    store.dispatch(wishlistRequested());
    await expect(getWishlistIds()).rejects.toMatchObject({ status: 500 });
    store.dispatch(wishlistFailed());
    expect(store.getState().wishlist).toMatchObject({
      lists: { default: ['f9'] },
      loading: false,
      expireAt: NOW + 1000,
    });
  });
});

describe('wishlist reload rule', () => {
  const state = (isAuthenticated: boolean, expireAt: number, loading: boolean) => ({
    user: { isAuthenticated },
    wishlist: { expireAt, loading },
  });

  it('[STATE-13] reloads only when logged in, past expireAt and not loading', () => {
    expect(shouldReloadWishlist(state(true, NOW - 1, false), NOW)).toBe(true);
    expect(shouldReloadWishlist(state(false, NOW - 1, false), NOW)).toBe(false);
    expect(shouldReloadWishlist(state(true, NOW, false), NOW)).toBe(false);
    expect(shouldReloadWishlist(state(true, NOW + 1, false), NOW)).toBe(false);
    expect(shouldReloadWishlist(state(true, NOW - 1, true), NOW)).toBe(false);
  });

  it('[STATE-13] after a load the reload waits for the hour; a visitor or a running load never reloads', () => {
    const store = makeStore();
    const reload = () => shouldReloadWishlist(store.getState(), Date.now());
    expect(reload()).toBe(true);
    store.dispatch(wishlistRequested());
    expect(reload()).toBe(false);
    store.dispatch(wishlistReceived(['f1']));
    expect(reload()).toBe(false);
    vi.setSystemTime(NOW + HOUR + 1);
    expect(reload()).toBe(true);
    expect(shouldReloadWishlist(makeStore(false).getState(), Date.now())).toBe(false);
  });

  it('[STATE-13] after a failure the reload is allowed again one second later', () => {
    const store = makeStore();
    store.dispatch(wishlistRequested());
    store.dispatch(wishlistFailed());
    expect(shouldReloadWishlist(store.getState(), Date.now())).toBe(false);
    vi.setSystemTime(NOW + 1001);
    expect(shouldReloadWishlist(store.getState(), Date.now())).toBe(true);
  });
});

describe('wishlist local updates', () => {
  const reducer = wishlistSlice.reducer;

  it('adds without duplicates, removes, invalidates and clears', () => {
    let state = reducer(undefined, addToWishlist({ featureId: 'f1' }));
    state = reducer(state, addToWishlist({ featureId: 'f1' }));
    state = reducer(state, addToWishlist({ featureId: 'f2' }));
    expect(state.lists.default).toEqual(['f1', 'f2']);
    expect(selectIsWishlisted({ wishlist: state }, 'f2')).toBe(true);
    state = reducer(state, removeFromWishlist({ featureId: 'f1' }));
    expect(state.lists.default).toEqual(['f2']);
    state = reducer({ ...state, expireAt: NOW + HOUR }, invalidateWishlist());
    expect(state.expireAt).toBe(0);
    state = reducer(state, setWishlistTripEntries({ tripId: 't1', entries: ['a', 'a', 'b'] }));
    expect(state.trips).toEqual({ t1: ['a', 'b'] });
    expect(reducer(state, clearWishlist())).toEqual(initialWishlistState);
  });

  it('[WISHLIST-03] a renamed list keeps its ids under the new name; a deleted list goes; the default list stays', () => {
    let state = reducer(undefined, addToWishlist({ featureId: 'f1', listName: 'food' }));
    state = reducer(state, wishlistListRenamed({ from: 'food', to: 'Food' }));
    expect(state.lists).toEqual({ default: [], Food: ['f1'] });
    state = reducer(state, wishlistListRenamed({ from: 'default', to: 'x' }));
    expect(state.lists).toEqual({ default: [], Food: ['f1'] });
    state = reducer(state, wishlistListDeleted('Food'));
    state = reducer(state, wishlistListDeleted('default'));
    expect(state.lists).toEqual({ default: [] });
  });
});
