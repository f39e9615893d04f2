import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /cars: linked from the header 'book' dropdown (content not specified). */
export function CarsPage() {
  useDocumentTitle('Cars');
  return (
    <PagePlaceholder emoji="🚗" title="Book cars">
      <p>Car rental is coming soon. Road-trip plans can already be made with private transport.</p>
    </PagePlaceholder>
  );
}
