import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { wishlistChangeResponseSchema, wishlistMoveResponseSchema } from '@tripcrew/contracts/wishlist';

import { DEFAULT_LIST } from '../state/wishlist-slice.ts';
import type { WishlistChange } from './add-wishlist-feature.ts';
import { WISHLIST_ADD_PATH } from './add-wishlist-feature.ts';
import { setWishlisted } from './get-wishlist-ids.ts';
import { wishlistKeys } from './wishlist-keys.ts';

/** A feature on a named list. */
export interface ListedFeature {
  featureId: string;
  listname: string;
}

/** POST /core/wishlist {featureId, listname}: saves the feature on that list. */
export const saveToList = ({ featureId, listname }: ListedFeature): Promise<WishlistChange> =>
  apiWrite('POST', WISHLIST_ADD_PATH, { featureId, listname }, wishlistChangeResponseSchema);

/** DELETE /core/wishlist/{featureId}?listname=: removes the feature from that list. */
export const removeFromList = ({ featureId, listname }: ListedFeature): Promise<WishlistChange> =>
  apiWrite(
    'DELETE',
    `/core/wishlist/${encodeURIComponent(featureId)}`,
    undefined,
    wishlistChangeResponseSchema,
    { query: { listname } },
  );

/** POST /core/wishlist/move: from one list to another in one step (the server's one transaction). */
export async function moveToList(featureId: string, from: string, to: string): Promise<void> {
  await apiWrite('POST', '/core/wishlist/move', { featureId, from, to }, wishlistMoveResponseSchema);
}

/** Refetches the wishlist queries (their saved copies marked invalidated too). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
}

/** A change of `listname` the server confirmed: the default list's ids show it at once. */
function useListed() {
  const queryClient = useQueryClient();
  return (featureId: string, listname: string, wished: boolean) => {
    if (listname === DEFAULT_LIST) setWishlisted(queryClient, featureId, wished);
  };
}

/** A change of one list: once the server confirms, the default list's ids follow, then a refetch. */
function useListChange(mutationFn: (feature: ListedFeature) => Promise<WishlistChange>, wished: boolean) {
  const refresh = useRefresh();
  const listed = useListed();
  return useMutation({
    mutationFn,
    onSuccess: (_change, { featureId, listname }) => {
      listed(featureId, listname, wished);
      return refresh();
    },
  });
}

/** Saves a feature on a list (the Undo of a removal); the default list's ids follow. */
export function useSaveToList() {
  return useListChange(saveToList, true);
}

/** Removes a feature from a list; the default list's ids follow. */
export function useRemoveFromList() {
  return useListChange(removeFromList, false);
}

/** Moves a feature between lists; the default list's ids follow. */
export function useMoveToList() {
  const refresh = useRefresh();
  const listed = useListed();
  return useMutation({
    mutationFn: ({ featureId, from, to }: { featureId: string; from: string; to: string }) =>
      moveToList(featureId, from, to),
    onSuccess: (_void, { featureId, from, to }) => {
      listed(featureId, to, true);
      listed(featureId, from, false);
    },
    onSettled: refresh,
  });
}
