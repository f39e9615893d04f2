import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Wishlist cache lifetimes (SPEC §9): one hour after success, one second after a failure. */
export const WISHLIST_TTL_MS = 60 * 60 * 1000;
export const WISHLIST_RETRY_MS = 1000;
export const DEFAULT_LIST = 'default';

export interface WishlistState {
  /** Feature ids per list name; the default list mirrors the wishlist ids query. */
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

interface ListItemPayload {
  featureId: string;
  listName?: string;
}

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    /** The wishlist ids query (api/get-wishlist-ids.ts) started loading: this slice mirrors it. */
    wishlistRequested: (state) => {
      state.loading = true;
    },
    wishlistReceived: (state, action: PayloadAction<string[]>) => {
      state.loading = false;
      state.lists[DEFAULT_LIST] = action.payload;
      state.expireAt = Date.now() + WISHLIST_TTL_MS;
    },
    wishlistFailed: (state) => {
      state.loading = false;
      state.expireAt = Date.now() + WISHLIST_RETRY_MS;
    },
    /** Local update after POST /core/wishlist succeeded. */
    addToWishlist: (state, action: PayloadAction<ListItemPayload>) => {
      const listName = action.payload.listName ?? DEFAULT_LIST;
      const list = state.lists[listName] ?? [];
      if (!list.includes(action.payload.featureId))
        state.lists[listName] = [...list, action.payload.featureId];
    },
    /** Local update after DELETE /wishlist/{featureId} succeeded. */
    removeFromWishlist: (state, action: PayloadAction<ListItemPayload>) => {
      const listName = action.payload.listName ?? DEFAULT_LIST;
      state.lists[listName] = (state.lists[listName] ?? []).filter((id) => id !== action.payload.featureId);
    },
    /** Local update after PATCH /core/wishlist/lists/{name} succeeded: the ids move with the name. */
    wishlistListRenamed: (state, action: PayloadAction<{ from: string; to: string }>) => {
      const { from, to } = action.payload;
      if (from === to || from === DEFAULT_LIST) return;
      state.lists[to] = state.lists[from] ?? [];
      delete state.lists[from];
    },
    /** Local update after DELETE /core/wishlist/lists/{name} succeeded (its items went with it). */
    wishlistListDeleted: (state, action: PayloadAction<string>) => {
      if (action.payload !== DEFAULT_LIST) delete state.lists[action.payload];
    },
    /** Forces the next shouldReloadWishlist check to return true. */
    invalidateWishlist: (state) => {
      state.expireAt = 0;
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
export const {
  wishlistRequested,
  wishlistReceived,
  wishlistFailed,
  addToWishlist,
  removeFromWishlist,
  wishlistListRenamed,
  wishlistListDeleted,
  invalidateWishlist,
  setWishlistTripEntries,
  setWishlistUser,
  clearWishlist,
} = wishlistSlice.actions;

export interface WishlistReloadState {
  user: { isAuthenticated: boolean };
  wishlist: Pick<WishlistState, 'expireAt' | 'loading'>;
}

/** SPEC §4: reload when logged in, now is past expireAt and no load is running. */
export function shouldReloadWishlist(state: WishlistReloadState, now: number = Date.now()): boolean {
  return state.user.isAuthenticated && now > state.wishlist.expireAt && !state.wishlist.loading;
}

export const selectWishlistIds = (
  state: { wishlist: WishlistState },
  listName: string = DEFAULT_LIST,
): string[] => state.wishlist.lists[listName] ?? [];

export const selectIsWishlisted = (state: { wishlist: WishlistState }, featureId: string): boolean =>
  (state.wishlist.lists[DEFAULT_LIST] ?? []).includes(featureId);
