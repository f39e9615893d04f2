import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /bnbs: linked from the header 'book' dropdown (content not specified). */
export function BnbsPage() {
  return (
    <PagePlaceholder emoji="🛏️" title="Book bnbs">
      <p>Booking stays is coming soon. Until then, keep your favourite places on the wishlist.</p>
    </PagePlaceholder>
  );
}
