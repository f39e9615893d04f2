import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { setWishlisted, wishlistIdsQueryOptions } from './get-wishlist-ids.ts';
import { addWishlistFeature } from './add-wishlist-feature.ts';
import { removeWishlistFeature } from './remove-wishlist-feature.ts';
import { wishlistKeys } from './wishlist-keys.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

/**
 * SPEC §8: the wording is swapped relative to the action, on purpose — a failed REMOVAL says
 * 'Error adding to wishlist' and a failed ADD says 'Error remove from wishlist'.
 */
export const WISHLIST_REMOVE_ERROR = msg`Error adding to wishlist`;
export const WISHLIST_ADD_ERROR = msg`Error remove from wishlist`;

/**
 * The heart of one feature (WISHLIST-06): adds it to the default list when absent (POST
 * /core/wishlist) and removes it when present (DELETE /wishlist/{featureId}), then updates the
 * wishlist ids query and refreshes the wishlist queries. Failures toast (WISHLIST-07).
 */
export function useWishlistToggle(featureId: string) {
  const queryClient = useQueryClient();
  // Reads the ids query (loaded by useWishlistLoader); never fetches by itself.
  const { data: wished = false } = useQuery({
    ...wishlistIdsQueryOptions(),
    enabled: false,
    select: (ids) => ids.includes(featureId),
  });
  const mutation = useMutation({
    mutationFn: (add: boolean) => (add ? addWishlistFeature(featureId) : removeWishlistFeature(featureId)),
    onSuccess: (_change, add) => {
      setWishlisted(queryClient, featureId, add);
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
    onError: (error, add) => {
      console.error('Wishlist change failed', error);
      toast.error(add ? i18n._(WISHLIST_ADD_ERROR) : i18n._(WISHLIST_REMOVE_ERROR), {
        toastId: 'wishlist-error',
      });
    },
  });
  return {
    wished,
    pending: mutation.isPending,
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!wished);
    },
  };
}
