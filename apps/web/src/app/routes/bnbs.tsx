import { Trans, useLingui } from '@lingui/react/macro';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /bnbs: linked from the header 'book' dropdown (content not specified). */
export function BnbsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bnbs`);
  return (
    <PagePlaceholder emoji="🛏️" title={t`Book bnbs`}>
      <p>
        <Trans>Booking stays is coming soon. Until then, keep your favourite places on the wishlist.</Trans>
      </p>
    </PagePlaceholder>
  );
}
