import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /bnbs: linked from the header 'book' dropdown (content not specified). */
export function BnbsPage() {
  useDocumentTitle('Bnbs');
  return (
    <PagePlaceholder emoji="🛏️" title="Book bnbs">
      <p>Booking stays is coming soon. Until then, keep your favourite places on the wishlist.</p>
    </PagePlaceholder>
  );
}
