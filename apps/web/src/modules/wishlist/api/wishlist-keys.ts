/**
 * TanStack Query keys and API paths of the wishlist module (one place, so invalidation stays
 * consistent), and the localStorage key of the slice written from the ids query (SPEC §3).
 * Imports nothing but a constant: src/early-requests.ts reads them too.
 */
import { DEFAULT_WISHLIST } from '@tripcrew/contracts/constants';

export const WISHLIST_IDS_PATH = '/core/wishlist/ids';
/** The default list's ids, as the ids query asks for them. */
export const WISHLIST_DEFAULT_IDS_URL = `${WISHLIST_IDS_PATH}?listname=${DEFAULT_WISHLIST}`;
export const WISHLIST_STORAGE_KEY = 'wishlist';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: () => ['wishlist', 'ids', 'default'] as const,
  listNames: () => ['wishlist', 'listnames'] as const,
  items: (listname: string) => ['wishlist', 'items', listname] as const,
  count: (listname: string) => ['wishlist', 'count', listname] as const,
};
