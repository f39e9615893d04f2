import { configureStore } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { freezeDateEachTest } from '../../../lib/testing/frozen-clock.ts';
import {
  CATEGORIES_QUERY_KEY,
  categoriesQueryOptions,
  getCategories,
  seedCategories,
} from '../api/use-categories.ts';
import { projectCategories } from '../api/category-projection.ts';
import { categoriesSlice, type CategoriesState, initialCategoriesState } from './categories-slice.ts';

const NOW = new Date(2025, 4, 1, 12, 0, 0).getTime();
const makeStore = (categories: CategoriesState = initialCategoriesState) =>
  configureStore({ reducer: { categories: categoriesSlice.reducer }, preloadedState: { categories } });
const list = [
  { title: 'Food', subcategories: ['Pizza', 'Sushi'], icon: '🍕' },
  { title: 'Nature', subcategories: [], icon: '🌲' },
];

freezeDateEachTest(NOW);

/** A store whose categories slice is written from the categories query of a fresh query cache. */
function projected(categories: CategoriesState = initialCategoriesState) {
  const store = makeStore(categories);
  const queryClient = new QueryClient();
  projectCategories(queryClient, store.dispatch);
  return { store, queryClient };
}

describe('categories', () => {
  it('[STATE-14] pending sets loading true, clears the error and sets expireAt to 0 (written from the query)', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { store, queryClient } = projected({
      categories: [],
      loading: false,
      expireAt: NOW + 5000,
      error: 'Failed to fetch categories',
    });
    const loading = queryClient.fetchQuery(categoriesQueryOptions());
    expect(store.getState().categories).toEqual({ categories: [], loading: true, expireAt: 0, error: null });
    answer.resolve(jsonResponse(200, list));
    await loading;
  });

  it('[STATE-14] fulfilled stores the GET /core/categories/all list, expireAt now + 24 hours', async () => {
    const mock = mockFetch(() => jsonResponse(200, list));
    const { store, queryClient } = projected();
    await queryClient.fetchQuery(categoriesQueryOptions());
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
    const { store, queryClient } = projected();
    await expect(queryClient.fetchQuery(categoriesQueryOptions())).rejects.toMatchObject({ status: 500 });
    expect(store.getState().categories).toEqual({
      categories: [],
      loading: false,
      expireAt: NOW + 60 * 1000,
      error: 'Failed to fetch categories',
    });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('Failed to fetch categories');
    await expect(getCategories()).rejects.toMatchObject({ status: 500 });
  });

  it('[STATE-14] reloads only once the cache has expired; a valid saved list seeds the query', async () => {
    const mock = mockFetch(() => jsonResponse(200, list));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(categoriesQueryOptions());
    await queryClient.fetchQuery(categoriesQueryOptions());
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(NOW + 24 * 60 * 60 * 1000 + 1);
    await queryClient.fetchQuery(categoriesQueryOptions());
    expect(mock.requests).toHaveLength(2);

    const reloaded = new QueryClient();
    const saved = { categories: list, loading: false, expireAt: Date.now() + 1000, error: null };
    seedCategories(reloaded, saved);
    expect(reloaded.getQueryData(CATEGORIES_QUERY_KEY)).toEqual(list);
    await reloaded.fetchQuery(categoriesQueryOptions());
    expect(mock.requests).toHaveLength(2);
    const expired = new QueryClient();
    seedCategories(expired, { ...saved, expireAt: Date.now() - 1 });
    expect(expired.getQueryData(CATEGORIES_QUERY_KEY)).toBeUndefined();
  });
});
