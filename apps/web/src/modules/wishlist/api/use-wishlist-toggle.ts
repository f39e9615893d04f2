import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useDispatch, useSelector } from 'react-redux';
import {
  addToWishlist,
  removeFromWishlist,
  selectIsWishlisted,
  type WishlistState,
} from '../state/wishlist-slice.ts';
import { addWishlistFeature } from './add-wishlist-feature.ts';
import { removeWishlistFeature } from './remove-wishlist-feature.ts';
import { wishlistKeys } from './wishlist-keys.ts';

/**
 * SPEC §8: the wording is swapped relative to the action, on purpose — a failed REMOVAL says
 * 'Error adding to wishlist' and a failed ADD says 'Error remove from wishlist'.
 */
export const WISHLIST_REMOVE_ERROR = 'Error adding to wishlist';
export const WISHLIST_ADD_ERROR = 'Error remove from wishlist';

/**
 * The heart of one feature (WISHLIST-06): adds it to the default list when absent (POST
 * /core/wishlist) and removes it when present (DELETE /wishlist/{featureId}), then updates the
 * wishlist slice and refreshes the wishlist queries. Failures toast (WISHLIST-07).
 */
export function useWishlistToggle(featureId: string) {
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  const wished = useSelector((state: { wishlist: WishlistState }) => selectIsWishlisted(state, featureId));
  const mutation = useMutation({
    mutationFn: (add: boolean) => (add ? addWishlistFeature(featureId) : removeWishlistFeature(featureId)),
    onSuccess: (_change, add) => {
      dispatch(add ? addToWishlist({ featureId }) : removeFromWishlist({ featureId }));
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
    onError: (error, add) => {
      console.error('Wishlist change failed', error);
      toast.error(add ? WISHLIST_ADD_ERROR : WISHLIST_REMOVE_ERROR, { toastId: 'wishlist-error' });
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
