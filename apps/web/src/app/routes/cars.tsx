import { Trans, useLingui } from '@lingui/react/macro';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /cars: linked from the header 'book' dropdown (content not specified). */
export function CarsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Cars`);
  return (
    <PagePlaceholder emoji="🚗" title={t`Book cars`}>
      <p>
        <Trans>Car rental is coming soon. Road-trip plans can already be made with private transport.</Trans>
      </p>
    </PagePlaceholder>
  );
}
