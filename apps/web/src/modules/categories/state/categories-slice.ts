import { msg } from '@lingui/core/macro';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Category } from '@tripcrew/contracts/categories';
import { i18n } from '../../../lib/i18n/i18n.ts';

/** Categories cache lifetimes (SPEC §9): 24 hours after success, 1 minute after a failure. */
export const CATEGORIES_TTL_MS = 24 * 60 * 60 * 1000;
export const CATEGORIES_RETRY_MS = 60 * 1000;
export const CATEGORIES_ERROR = msg`Failed to fetch categories`;

export type { Category };

export interface CategoriesState {
  categories: Category[];
  loading: boolean;
  /** ms timestamp after which the list should be reloaded; 0 while loading. */
  expireAt: number;
  error: string | null;
}

export const initialCategoriesState: CategoriesState = {
  categories: [],
  loading: false,
  expireAt: 0,
  error: null,
};

export const categoriesSlice = createSlice({
  name: 'categories',
  initialState: initialCategoriesState,
  /**
   * A mirror of the categories query (api/use-categories.ts), kept in localStorage ('category'):
   * filled from the query's states, never by a fetch of its own.
   */
  reducers: {
    categoriesRequested: (state) => {
      state.loading = true;
      state.error = null;
      state.expireAt = 0;
    },
    categoriesReceived: (state, action: PayloadAction<Category[]>) => {
      state.loading = false;
      state.categories = action.payload;
      state.expireAt = Date.now() + CATEGORIES_TTL_MS;
    },
    categoriesFailed: (state) => {
      state.loading = false;
      state.error = i18n._(CATEGORIES_ERROR);
      state.expireAt = Date.now() + CATEGORIES_RETRY_MS;
    },
    clearCategories: () => initialCategoriesState,
  },
});
export const { categoriesRequested, categoriesReceived, categoriesFailed, clearCategories } =
  categoriesSlice.actions;

/** Reload when the cached list has expired and no load is running. */
export function shouldReloadCategories(
  state: { categories: Pick<CategoriesState, 'expireAt' | 'loading'> },
  now: number = Date.now(),
): boolean {
  return now > state.categories.expireAt && !state.categories.loading;
}

export const selectCategoriesState = (state: { categories: CategoriesState }): CategoriesState =>
  state.categories;
