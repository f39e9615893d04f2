import { Trans, useLingui } from '@lingui/react/macro';
import { PageSection } from '../../components/ui/page-section.tsx';
import { CrewList } from '../../modules/crew/components/crew-list.tsx';
import { CrewRequests } from '../../modules/crew/components/crew-requests.tsx';
import { CrewSearch } from '../../modules/crew/components/crew-search.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /crew (SPEC §2, CREW-01..07): people search, the crew and the incoming and outgoing requests;
 * every entry links to /profile/{id}. Protected (the router wraps it in ProtectedPage).
 */
export function CrewPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Crew`);
  return (
    <PageSection
      titleId="crew-page-title"
      title={<Trans>Your crew</Trans>}
      intro={<Trans>Find friends, answer crew requests and see everyone you travel with.</Trans>}
      className="mx-auto w-full max-w-5xl"
    >
      <CrewSearch />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CrewList />
        <div className="flex flex-col gap-6">
          <CrewRequests />
        </div>
      </div>
    </PageSection>
  );
}
