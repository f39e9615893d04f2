import { configureStore } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { freezeDateEachTest } from '../../../lib/testing/frozen-clock.ts';
import { categoriesQueryOptions, getCategories } from '../api/use-categories.ts';
import {
  categoriesFailed,
  categoriesReceived,
  categoriesRequested,
  categoriesSlice,
  type CategoriesState,
  initialCategoriesState,
  shouldReloadCategories,
} from './categories-slice.ts';

const NOW = new Date(2025, 4, 1, 12, 0, 0).getTime();
const makeStore = (categories: CategoriesState = initialCategoriesState) =>
  configureStore({ reducer: { categories: categoriesSlice.reducer }, preloadedState: { categories } });
const list = [
  { title: 'Food', subcategories: ['Pizza', 'Sushi'], icon: '🍕', extra: { keep: true } },
  { title: 'Nature', subcategories: [], icon: '🌲' },
];

freezeDateEachTest(NOW);

describe('categories', () => {
  it('[STATE-14] pending sets loading true, clears the error and sets expireAt to 0', () => {
    const store = makeStore({
      categories: [],
      loading: false,
      expireAt: NOW + 5000,
      error: 'Failed to fetch categories',
    });
    store.dispatch(categoriesRequested());
    expect(store.getState().categories).toEqual({
      categories: [],
      loading: true,
      expireAt: 0,
      error: null,
    });
  });

  it('[STATE-14] fulfilled stores the GET /core/categories/all list as is, expireAt now + 24 hours', async () => {
    const mock = mockFetch(() => jsonResponse(200, list));
    const store = makeStore();
    // The query validates the answer by its contract; the slice stores what the query received.
    const received = await getCategories();
    expect(received).toEqual(list.map(({ title, subcategories, icon }) => ({ title, subcategories, icon })));
    store.dispatch(categoriesReceived(list));
    expect(store.getState().categories).toEqual({
      categories: list,
      loading: false,
      expireAt: NOW + 24 * 60 * 60 * 1000,
      error: null,
    });
    expect(mock.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/core/categories/all']);
  });

  it("[STATE-14] rejected logs, stores 'Failed to fetch categories' and sets expireAt now + 1 minute", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    const store = makeStore();
    await expect(getCategories()).rejects.toMatchObject({ status: 500 });
    store.dispatch(categoriesFailed());
    expect(store.getState().categories).toEqual({
      categories: [],
      loading: false,
      expireAt: NOW + 60 * 1000,
      error: 'Failed to fetch categories',
    });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('Failed to fetch categories');
  });

  it('[STATE-14] reloads only once the cache has expired and no load runs', async () => {
    expect(shouldReloadCategories({ categories: { expireAt: 0, loading: false } }, NOW)).toBe(true);
    expect(shouldReloadCategories({ categories: { expireAt: NOW + 1, loading: false } }, NOW)).toBe(false);
    expect(shouldReloadCategories({ categories: { expireAt: 0, loading: true } }, NOW)).toBe(false);

    const mock = mockFetch(() => jsonResponse(200, list));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(categoriesQueryOptions());
    await queryClient.fetchQuery(categoriesQueryOptions());
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(NOW + 24 * 60 * 60 * 1000 + 1);
    await queryClient.fetchQuery(categoriesQueryOptions());
    expect(mock.requests).toHaveLength(2);
  });
});
