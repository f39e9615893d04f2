import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /profile/:profileId: own or public profile (social work item). Protected. */
export function ProfilePage() {
  return (
    <PagePlaceholder emoji="🧑‍✈️" title="Traveller profile">
      <p>Name, photo, crew and messages of this traveller will show up here.</p>
    </PagePlaceholder>
  );
}
