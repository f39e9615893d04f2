import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useWishlistToggle } from '../api/use-wishlist-toggle.ts';
import { useWishlistLoader } from '../state/use-wishlist-loader.ts';
import type { WishlistReloadState } from '../state/wishlist-slice.ts';

interface WishlistHeartProps {
  featureId: string;
  /** The feature's title, for the button's accessible name. */
  title: string;
  className?: string;
}

const BUTTON =
  'rounded-full bg-white/90 p-2 shadow transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-900/90 dark:hover:bg-slate-900';

/**
 * The wishlist heart of a feature card (SPEC §2, §4). Signed in: filled when the feature is on the
 * default list, a click toggles it. Visitors are sent to /auth (as 'Trip create' does) and come
 * back here after signing in. Clicks never reach the card (so they do not pick the feature).
 */
export function WishlistHeart({ featureId, title, className }: WishlistHeartProps) {
  const { t } = useLingui();
  const isAuthenticated = useSelector((state: WishlistReloadState) => state.user.isAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  useWishlistLoader();
  const { wished, pending, toggle } = useWishlistToggle(featureId);
  const filled = isAuthenticated && wished;

  return (
    <button
      type="button"
      aria-pressed={filled}
      aria-busy={pending || undefined}
      aria-label={t`Wishlist ${title}`}
      title={isAuthenticated ? (filled ? t`Remove from wishlist` : t`Save to wishlist`) : t`Sign in to save`}
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
        if (!isAuthenticated) {
          void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
          return;
        }
        toggle();
      }}
      className={clsx(BUTTON, pending && 'cursor-wait', className)}
    >
      <Heart
        aria-hidden="true"
        data-testid="wishlist-heart-icon"
        className={clsx(
          'size-5 transition',
          filled ? 'fill-red-500 text-red-500' : 'text-slate-600 dark:text-slate-300',
          pending && 'opacity-60',
        )}
      />
    </button>
  );
}
