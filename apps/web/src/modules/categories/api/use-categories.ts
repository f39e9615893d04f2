import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from './category-keys.ts';
import {
  CATEGORIES_ERROR,
  CATEGORIES_RETRY_MS,
  CATEGORIES_TTL_MS,
  type CategoriesState,
  type Category,
  savedCategories,
} from '../state/categories-slice.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export type { Category };
export { CATEGORIES_PATH, CATEGORIES_QUERY_KEY };

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
    queryKey: CATEGORIES_QUERY_KEY,
    queryFn: getCategories,
    staleTime: CATEGORIES_TTL_MS,
    retry: false,
  });

/** Seeds the query from the persisted slice while its list is valid (a reload within 24 hours asks nothing). */
export function seedCategories(queryClient: QueryClient, saved: CategoriesState): void {
  const valid = savedCategories(saved);
  if (valid && queryClient.getQueryData(CATEGORIES_QUERY_KEY) === undefined) {
    queryClient.setQueryData(CATEGORIES_QUERY_KEY, valid.list, { updatedAt: valid.updatedAt });
  }
}

/**
 * The categories (24 h cache, 1 minute after a failure: SPEC §9), read from the query cache, the
 * one copy (the persisted slice is written from it: category-projection.ts).
 */
export function useCategories(): Category[] {
  const queryClient = useQueryClient();
  const state = queryClient.getQueryState(CATEGORIES_QUERY_KEY);
  // After a failure the next try waits one minute.
  const waitingAfterFailure =
    state?.status === 'error' && Date.now() < state.errorUpdatedAt + CATEGORIES_RETRY_MS;
  const query = useQuery({ ...categoriesQueryOptions(), enabled: !waitingAfterFailure });
  return Array.isArray(query.data) ? query.data : EMPTY;
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
