import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/store.ts';
import { type Category, ensureCategories, selectCategories } from '../state/categories-slice.ts';

export type { Category };

/**
 * GET /core/categories/all goes through the categories slice (fetchCategories, 24 h / 1 min
 * cache); this hook only makes sure the list is loaded and returns it.
 */
export function useCategories(): Category[] {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(ensureCategories(undefined));
  }, [dispatch]);
  const categories = useAppSelector(selectCategories);
  // The slice stores the response as is: never trust its shape.
  return Array.isArray(categories) ? categories : EMPTY;
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
