import { Trans, useLingui } from '@lingui/react/macro';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /flights: linked from the header 'book' dropdown (content not specified). */
export function FlightsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Flights`);
  return (
    <PagePlaceholder emoji="✈️" title={t`Book flights`}>
      <p>
        <Trans>
          Flight booking is coming soon. Until then, plan the trip and we will be ready when you are.
        </Trans>
      </p>
    </PagePlaceholder>
  );
}
