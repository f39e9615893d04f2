import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { apiGet } from '../../../lib/api-client.ts';
import { mirroredQueryFn } from '../../../lib/query-mirror.ts';
import {
  CATEGORIES_ERROR,
  CATEGORIES_TTL_MS,
  categoriesFailed,
  categoriesReceived,
  categoriesRequested,
  type CategoriesState,
  type Category,
} from '../state/categories-slice.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export type { Category };
export const CATEGORIES_PATH = '/core/categories/all';

/**
 * GET /core/categories/all, validated by its contract (loaded on first use: the header's search
 * bar is part of the first download, lib/lazy-schema.ts); a failure is logged (SPEC §8).
 */
export async function getCategories(): Promise<Category[]> {
  try {
    return await apiGet(
      CATEGORIES_PATH,
      import('@tripcrew/contracts/categories').then((module) => module.categoriesResponseSchema),
    );
  } catch (error) {
    console.error(i18n._(CATEGORIES_ERROR), error);
    throw error;
  }
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: getCategories,
    staleTime: CATEGORIES_TTL_MS,
    retry: false,
  });

/**
 * The categories (24 h cache, 1 minute after a failure: SPEC §9). The query owns them; the
 * persisted categories slice mirrors the query and gives a reloaded page its list back while
 * that is younger than 24 hours.
 */
export function useCategories(): Category[] {
  const dispatch = useDispatch();
  const store = useStore<{ categories: CategoriesState }>();
  // Narrow reads of the slice, so that the start of a load (categoriesRequested) renders nothing
  // again: only a received list or a failure does.
  const savedList = useSelector((state: { categories: CategoriesState }) => {
    const saved = state.categories;
    return saved.error === null && saved.expireAt > Date.now() ? saved.categories : undefined;
  });
  const waitingAfterFailure = useSelector(
    (state: { categories: CategoriesState }) =>
      state.categories.error !== null && state.categories.expireAt > Date.now(),
  );
  const anyList = useSelector((state: { categories: CategoriesState }) => state.categories.categories);
  const queryFn = useMemo(
    () =>
      mirroredQueryFn(getCategories, {
        fetching: () => dispatch(categoriesRequested()),
        received: (list: Category[]) => dispatch(categoriesReceived(list)),
        failed: () => dispatch(categoriesFailed()),
      }),
    [dispatch],
  );
  const query = useQuery({
    ...categoriesQueryOptions(),
    queryFn,
    // After a failure the next try waits for the slice's expireAt (one minute).
    enabled: !waitingAfterFailure,
    initialData: savedList,
    initialDataUpdatedAt: () => store.getState().categories.expireAt - CATEGORIES_TTL_MS,
  });
  return query.data ?? (Array.isArray(anyList) ? anyList : EMPTY);
}

const EMPTY: Category[] = [];

/** The icons of the categories a feature belongs to (titles or subcategories), without duplicates. */
export function categoryIcons(
  categories: readonly Category[],
  ids: readonly string[],
): { title: string; icon: string }[] {
  const found: { title: string; icon: string }[] = [];
  for (const id of ids) {
    const lower = id.toLowerCase();
    const category = categories.find(
      // A list saved by an older version may not have the contract's shape.
      (entry) =>
        typeof entry.title === 'string' &&
        Array.isArray(entry.subcategories) &&
        (entry.title.toLowerCase() === lower ||
          entry.subcategories.some((sub) => sub.toLowerCase() === lower)),
    );
    if (category && !found.some((entry) => entry.title === category.title)) {
      found.push({ title: category.title, icon: category.icon });
    }
  }
  return found;
}
