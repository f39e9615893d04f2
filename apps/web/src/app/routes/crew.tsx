import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /crew: crew page (social work item). Protected. */
export function CrewPage() {
  return (
    <PagePlaceholder emoji="👯" title="Your crew">
      <p>Find friends, answer crew requests and see everyone you travel with.</p>
    </PagePlaceholder>
  );
}
