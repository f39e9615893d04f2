import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /invite/:token: the preview of a trip invite link and its Join step (issue 21). */
export function InvitePage() {
  useDocumentTitle('Join a trip');
  return <h1 className="text-2xl font-bold">Join a trip</h1>;
}
