import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api } from '../../../lib/api-client.ts';

/** Categories cache lifetimes (SPEC §9): 24 hours after success, 1 minute after a failure. */
export const CATEGORIES_TTL_MS = 24 * 60 * 60 * 1000;
export const CATEGORIES_RETRY_MS = 60 * 1000;
export const CATEGORIES_ERROR = 'Failed to fetch categories';

export interface Category {
  title: string;
  subcategories: string[];
  icon: string;
}

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

/** GET /core/categories/all; the response is stored as is. Failures are logged. */
export const fetchCategories = createAsyncThunk<Category[], void, { rejectValue: string }>(
  'categories/fetch',
  async (_arg, { rejectWithValue }) => {
    try {
      return await api.get<Category[]>('/core/categories/all');
    } catch (error) {
      console.error(CATEGORIES_ERROR, error);
      return rejectWithValue(CATEGORIES_ERROR);
    }
  },
);

export const categoriesSlice = createSlice({
  name: 'categories',
  initialState: initialCategoriesState,
  reducers: {
    clearCategories: () => initialCategoriesState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCategories.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.expireAt = 0;
      })
      .addCase(fetchCategories.fulfilled, (state, action) => {
        state.loading = false;
        state.categories = action.payload;
        state.expireAt = Date.now() + CATEGORIES_TTL_MS;
      })
      .addCase(fetchCategories.rejected, (state) => {
        state.loading = false;
        state.error = CATEGORIES_ERROR;
        state.expireAt = Date.now() + CATEGORIES_RETRY_MS;
      });
  },
});
export const { clearCategories } = categoriesSlice.actions;

/** Reload when the cached list has expired and no load is running. */
export function shouldReloadCategories(
  state: { categories: Pick<CategoriesState, 'expireAt' | 'loading'> },
  now: number = Date.now(),
): boolean {
  return now > state.categories.expireAt && !state.categories.loading;
}

/** Dispatches fetchCategories only when shouldReloadCategories says so; resolves to whether it did. */
export const ensureCategories = createAsyncThunk<
  boolean,
  number | undefined,
  { state: { categories: Pick<CategoriesState, 'expireAt' | 'loading'> } }
>('categories/ensure', async (now, { dispatch, getState }) => {
  if (!shouldReloadCategories(getState(), now ?? Date.now())) return false;
  await dispatch(fetchCategories());
  return true;
});

export const selectCategories = (state: { categories: CategoriesState }): Category[] =>
  state.categories.categories;
