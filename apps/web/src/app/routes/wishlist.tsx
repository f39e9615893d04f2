import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /wishlist: wishlist page (catalogue work item). Protected. */
export function WishlistPage() {
  return (
    <PagePlaceholder emoji="💚" title="Wishlist">
      <p>Places and features you saved for later will be collected here.</p>
    </PagePlaceholder>
  );
}
