import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /place/:country/:type[/:region[/:place]]: the shared place screen (catalogue work item). */
export function PlacePage() {
  return (
    <PagePlaceholder emoji="🏞️" title="Explore this place">
      <p>Sights, food and nature worth the trip will appear here, ready to pick for your plan.</p>
    </PagePlaceholder>
  );
}
