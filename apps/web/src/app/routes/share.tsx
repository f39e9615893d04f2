import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SharedTripView } from '../../modules/trips/components/links/shared-trip-view.tsx';

/** /share/:token: a trip's public, read-only plan (issue 21). No sign-in. */
export function SharePage() {
  useDocumentTitle('Shared trip');
  const { token = '' } = useParams();
  return (
    <div className="px-4 py-6 sm:py-10">
      <SharedTripView token={token} />
    </div>
  );
}
