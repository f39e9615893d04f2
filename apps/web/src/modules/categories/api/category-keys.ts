/**
 * The categories query's key, API path and the localStorage key of the slice written from it
 * (SPEC §3). Imports nothing: src/early-requests.ts reads them too.
 */
export const CATEGORIES_QUERY_KEY = ['categories'] as const;
export const CATEGORIES_PATH = '/core/categories/all';
export const CATEGORIES_STORAGE_KEY = 'category';
