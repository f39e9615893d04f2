import { Trans, useLingui } from '@lingui/react/macro';
import { PageSection } from '../../components/ui/page-section.tsx';
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
    <PageSection
      titleId="wishlist-title"
      title={<Trans>Wishlist</Trans>}
      intro={<Trans>Features you saved for later, grouped by list.</Trans>}
    >
      <WishlistView
        cardActions={(entry) => (
          <WishlistTripActions
            featureId={entry._id}
            title={entryTitle(entry)}
            placeId={entry.feature.placeId}
          />
        )}
      />
    </PageSection>
  );
}
