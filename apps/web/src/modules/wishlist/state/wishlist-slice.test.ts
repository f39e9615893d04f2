import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { deferred, errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import {
  addToWishlist,
  clearWishlist,
  ensureWishlist,
  fetchWishlist,
  initialWishlistState,
  invalidateWishlist,
  removeFromWishlist,
  selectIsWishlisted,
  setWishlistTripEntries,
  shouldReloadWishlist,
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

beforeEach(() => {
  resetApiClient();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('wishlist fetch', () => {
  it('[STATE-12] pending sets loading; fulfilled stores the list, loading off, expireAt now + 1 hour', async () => {
    const gate = deferred<void>();
    const mock = mockFetch(async () => {
      await gate.promise;
      return jsonResponse(200, ['f1', 'f2']);
    });
    const store = makeStore();
    const running = store.dispatch(fetchWishlist());
    expect(store.getState().wishlist.loading).toBe(true);
    gate.resolve();
    await running;
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
    await store.dispatch(fetchWishlist());
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

  it('[STATE-13] ensureWishlist fetches once, then not again until the hour has passed', async () => {
    const mock = mockFetch(() => jsonResponse(200, ['f1']));
    const store = makeStore();
    await store.dispatch(ensureWishlist());
    await store.dispatch(ensureWishlist());
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(NOW + HOUR + 1);
    await store.dispatch(ensureWishlist());
    expect(mock.requests).toHaveLength(2);
  });

  it('[STATE-13] ensureWishlist does nothing for a visitor or while a load runs', async () => {
    const mock = mockFetch(() => jsonResponse(200, ['f1']));
    await makeStore(false).dispatch(ensureWishlist());
    await makeStore(true, { ...initialWishlistState, loading: true }).dispatch(ensureWishlist());
    expect(mock.requests).toHaveLength(0);
  });

  it('[STATE-13] after a failure the reload is allowed again one second later', async () => {
    const mock = mockFetch(() => jsonResponse(503, errorBody(503, 'UNAVAILABLE', 'down')));
    const store = makeStore();
    await store.dispatch(ensureWishlist());
    await store.dispatch(ensureWishlist());
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(NOW + 1001);
    await store.dispatch(ensureWishlist());
    expect(mock.requests).toHaveLength(2);
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
});
