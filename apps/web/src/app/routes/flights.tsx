import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /flights: linked from the header 'book' dropdown (content not specified). */
export function FlightsPage() {
  useDocumentTitle('Flights');
  return (
    <PagePlaceholder emoji="✈️" title="Book flights">
      <p>Flight booking is coming soon. Until then, plan the trip and we will be ready when you are.</p>
    </PagePlaceholder>
  );
}
