import { Trans, useLingui } from '@lingui/react/macro';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /flight/:placeId: the flight page keeps placeholder text only (SPEC §2). */
export function FlightPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Flight`);
  return (
    <PagePlaceholder emoji="🛫" title={t`Flights`}>
      <p>
        <Trans>Flights to this place are coming soon.</Trans>
      </p>
    </PagePlaceholder>
  );
}
