/** TanStack Query keys of the wishlist module (one place, so invalidation stays consistent). */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: () => ['wishlist', 'ids', 'default'] as const,
  listNames: () => ['wishlist', 'listnames'] as const,
  items: (listname: string) => ['wishlist', 'items', listname] as const,
  count: (listname: string) => ['wishlist', 'count', listname] as const,
};
