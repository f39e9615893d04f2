import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /flight/:placeId: the flight page keeps placeholder text only (SPEC §2). */
export function FlightPage() {
  useDocumentTitle('Flight');
  return (
    <PagePlaceholder emoji="🛫" title="Flights">
      <p>Flights to this place are coming soon.</p>
    </PagePlaceholder>
  );
}
