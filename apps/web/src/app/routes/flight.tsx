import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /flight/:placeId: the flight page keeps placeholder text only (SPEC §2). */
export function FlightPage() {
  return (
    <PagePlaceholder emoji="🛫" title="Flights">
      <p>Flights to this place are coming soon.</p>
    </PagePlaceholder>
  );
}
