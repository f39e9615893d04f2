import { Trans, useLingui } from '@lingui/react/macro';
import { WishlistView } from '../../modules/wishlist/components/wishlist-view.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { entryTitle } from '../../modules/wishlist/components/wishlist-card.tsx';
import { WishlistTripActions } from './wishlist-trip-actions.tsx';

/**
 * /wishlist (SPEC §2, WISHLIST-05): tabs by list name and a grid of saved features. Protected.
 * Each card also opens its place and joins a trip there (places and trips, composed here).
 */
export function WishlistPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Wishlist`);
  return (
    <section aria-labelledby="wishlist-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id="wishlist-title" className="text-3xl font-bold tracking-tight">
          <Trans>Wishlist</Trans>
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>Features you saved for later, grouped by list.</Trans>
        </p>
      </div>
      <WishlistView
        cardActions={(entry) => (
          <WishlistTripActions
            featureId={entry._id}
            title={entryTitle(entry)}
            placeId={entry.feature.placeId}
          />
        )}
      />
    </section>
  );
}
