import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryState } from '@tanstack/react-query';

/** Wishlist cache lifetimes (SPEC §9): one hour after success, one second after a failure. */
export const WISHLIST_TTL_MS = 60 * 60 * 1000;
export const WISHLIST_RETRY_MS = 1000;
export const DEFAULT_LIST = 'default';

export interface WishlistState {
  /** Feature ids per list name: the default list, written from the wishlist ids query. */
  lists: Record<string, string[]>;
  loading: boolean;
  /** ms timestamp after which the wishlist should be reloaded. */
  expireAt: number;
  /** SPEC §3: per-trip checklist entries kept with the wishlist, and the user they belong to. */
  trips: Record<string, string[]>;
  userId: string | null;
}

export const initialWishlistState: WishlistState = {
  lists: { [DEFAULT_LIST]: [] },
  loading: false,
  expireAt: 0,
  trips: {},
  userId: null,
};

/**
 * The server part of the slice (lists, loading, expireAt) as a projection of the wishlist ids
 * query (api/get-wishlist-ids.ts, SPEC §4): loading while it fetches; an answer sets the default
 * list, valid one hour; a failure is retried after one second.
 */
export function wishlistFromQuery(
  state: QueryState<string[]>,
): Pick<WishlistState, 'lists' | 'loading' | 'expireAt'> {
  const lists = { [DEFAULT_LIST]: state.data ?? [] };
  if (state.fetchStatus === 'fetching') return { lists, loading: true, expireAt: 0 };
  if (state.status === 'error')
    return { lists, loading: false, expireAt: state.errorUpdatedAt + WISHLIST_RETRY_MS };
  if (state.status === 'success')
    return { lists, loading: false, expireAt: state.dataUpdatedAt + WISHLIST_TTL_MS };
  return { lists, loading: false, expireAt: 0 };
}

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    /** Written from the wishlist ids query only (lib/query-projection.ts). */
    wishlistProjected: (
      state,
      action: PayloadAction<Pick<WishlistState, 'lists' | 'loading' | 'expireAt'>>,
    ) => {
      state.lists = action.payload.lists;
      state.loading = action.payload.loading;
      state.expireAt = action.payload.expireAt;
    },
    setWishlistTripEntries: (state, action: PayloadAction<{ tripId: string; entries: string[] }>) => {
      state.trips[action.payload.tripId] = [...new Set(action.payload.entries)];
    },
    setWishlistUser: (state, action: PayloadAction<string | null>) => {
      state.userId = action.payload;
    },
    clearWishlist: () => initialWishlistState,
  },
});
export const { wishlistProjected, setWishlistTripEntries, setWishlistUser, clearWishlist } =
  wishlistSlice.actions;

/** The saved default list while it is valid, for seeding the query on the next start. */
export function savedWishlistIds(
  state: WishlistState,
  now: number = Date.now(),
): { ids: string[]; updatedAt: number } | null {
  const ids = state.lists[DEFAULT_LIST];
  if (!(state.expireAt > now) || !Array.isArray(ids)) return null;
  return { ids, updatedAt: state.expireAt - WISHLIST_TTL_MS };
}

/** What the heart needs of the root state. */
export interface WishlistReloadState {
  user: { isAuthenticated: boolean };
}
