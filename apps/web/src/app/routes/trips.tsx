import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /trips: my trips list (trips work item). Protected. */
export function TripsPage() {
  return (
    <PagePlaceholder emoji="🧳" title="My trips">
      <p>All your trips, past and upcoming, will be listed here.</p>
    </PagePlaceholder>
  );
}
