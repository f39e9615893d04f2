import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The screen loads on its own: the first download's list of chunks to preload stays as it was
// (PERF-07 budget), whatever the screen needs.
const SharedTripView = lazy(() =>
  import('../../modules/trips/components/links/shared-trip-view.tsx').then((module) => ({
    default: module.SharedTripView,
  })),
);

/** /share/:token: a trip's public, read-only plan (issue 21). No sign-in. */
export function SharePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Shared trip`);
  const { token = '' } = useParams();
  return (
    <div className="py-4 sm:py-8">
      <Suspense fallback={<EmojiLoader label={t`Opening the shared trip…`} className="py-24" />}>
        <SharedTripView token={token} />
      </Suspense>
    </div>
  );
}
