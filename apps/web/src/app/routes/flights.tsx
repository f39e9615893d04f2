import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /flights: linked from the header 'book' dropdown (content not specified). */
export function FlightsPage() {
  return (
    <PagePlaceholder emoji="✈️" title="Book flights">
      <p>Flight booking is coming soon. Until then, plan the trip and we will be ready when you are.</p>
    </PagePlaceholder>
  );
}
