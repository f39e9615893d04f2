import { Trans, useLingui } from '@lingui/react/macro';
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
    <section aria-labelledby="crew-page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id="crew-page-title" className="text-3xl font-bold tracking-tight">
          <Trans>Your crew</Trans>
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>Find friends, answer crew requests and see everyone you travel with.</Trans>
        </p>
      </div>
      <CrewSearch />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CrewList />
        <div className="flex flex-col gap-6">
          <CrewRequests />
        </div>
      </div>
    </section>
  );
}
