import type { UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { projectQuery } from '../../../lib/query-projection.ts';
import { categoriesFromQuery, categoriesProjected, type Category } from '../state/categories-slice.ts';
import { CATEGORIES_QUERY_KEY } from './category-keys.ts';

/** Writes the persisted categories slice (SPEC §3: 'category') from the query; returns the unsubscribe. */
export function projectCategories(
  queryClient: QueryClient,
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  return projectQuery<Category[]>(queryClient, CATEGORIES_QUERY_KEY, (state) =>
    dispatch(categoriesProjected(categoriesFromQuery(state))),
  );
}
