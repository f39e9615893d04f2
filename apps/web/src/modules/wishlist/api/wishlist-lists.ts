import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { wishlistListNamesResponseSchema } from '@tripcrew/contracts/wishlist';

import { wishlistKeys } from './wishlist-keys.ts';

export const WISHLIST_LISTS_PATH = '/core/wishlist/lists';
const listPath = (name: string) => `${WISHLIST_LISTS_PATH}/${encodeURIComponent(name)}`;

/** POST /core/wishlist/lists {name}: creates a named list; answers the list names. */
export const createWishlistList = (name: string): Promise<string[]> =>
  apiWrite('POST', WISHLIST_LISTS_PATH, { name }, wishlistListNamesResponseSchema);

/** PATCH /core/wishlist/lists/{listname} {name}: renames a list; answers the list names. */
export const renameWishlistList = (listname: string, name: string): Promise<string[]> =>
  apiWrite('PATCH', listPath(listname), { name }, wishlistListNamesResponseSchema);

/** DELETE /core/wishlist/lists/{listname}: deletes a list and its items; answers the list names. */
export const deleteWishlistList = (listname: string): Promise<string[]> =>
  apiWrite('DELETE', listPath(listname), undefined, wishlistListNamesResponseSchema);

/** The list names the API answered become the cached list names; everything else is refetched. */
function useListsChanged() {
  const queryClient = useQueryClient();
  return (lists: string[]) => {
    queryClient.setQueryData(wishlistKeys.listNames(), lists);
    return queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
  };
}

export function useCreateWishlistList() {
  const changed = useListsChanged();
  return useMutation({ mutationFn: createWishlistList, onSuccess: changed });
}

export function useRenameWishlistList() {
  const changed = useListsChanged();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => renameWishlistList(from, to),
    onSuccess: changed,
  });
}

export function useDeleteWishlistList() {
  const changed = useListsChanged();
  return useMutation({ mutationFn: deleteWishlistList, onSuccess: changed });
}
