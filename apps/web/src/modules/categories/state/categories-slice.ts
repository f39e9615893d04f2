import { msg } from '@lingui/core/macro';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryState } from '@tanstack/react-query';
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

/**
 * The categories slice (SPEC §3, §4, kept in localStorage under 'category') as a projection of
 * the categories query (api/use-categories.ts): pending sets loading, clears the error and sets
 * expireAt to 0; an answer stores the list, valid 24 hours; a failure stores the error, retried
 * after 1 minute.
 */
export function categoriesFromQuery(state: QueryState<Category[]>): CategoriesState {
  const categories = state.data ?? [];
  if (state.fetchStatus === 'fetching') return { categories, loading: true, expireAt: 0, error: null };
  if (state.status === 'error')
    return {
      categories,
      loading: false,
      expireAt: state.errorUpdatedAt + CATEGORIES_RETRY_MS,
      error: i18n._(CATEGORIES_ERROR),
    };
  if (state.status === 'success')
    return { categories, loading: false, expireAt: state.dataUpdatedAt + CATEGORIES_TTL_MS, error: null };
  return initialCategoriesState;
}

export const categoriesSlice = createSlice({
  name: 'categories',
  initialState: initialCategoriesState,
  /** Written from the categories query only (lib/query-projection.ts), never by a fetch of its own. */
  reducers: {
    categoriesProjected: (_state, action: PayloadAction<CategoriesState>) => action.payload,
    clearCategories: () => initialCategoriesState,
  },
});
export const { categoriesProjected, clearCategories } = categoriesSlice.actions;

/** The saved list while it is valid (not expired, not a failure), for seeding the query. */
export function savedCategories(
  state: CategoriesState,
  now: number = Date.now(),
): { list: Category[]; updatedAt: number } | null {
  if (state.error !== null || !(state.expireAt > now) || !Array.isArray(state.categories)) return null;
  return { list: state.categories, updatedAt: state.expireAt - CATEGORIES_TTL_MS };
}

export const selectCategoriesState = (state: { categories: CategoriesState }): CategoriesState =>
  state.categories;
