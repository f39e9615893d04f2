import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /trips/:id: trip detail (trips work item). Protected. */
export function TripDetailPage() {
  return (
    <PagePlaceholder emoji="🗺️" title="Trip details">
      <p>Dates, crew, checklist and the day-by-day plan of this trip will show up here.</p>
    </PagePlaceholder>
  );
}
