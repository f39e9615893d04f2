import { useParams } from 'react-router';
import { useSignedIn } from '../../components/ui/signed-in-context.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { InvitePreview } from '../../modules/trips/components/links/invite-preview.tsx';
import { InviteSignedOut } from '../../modules/trips/components/links/invite-signed-out.tsx';

/** /invite/:token: the preview of a trip invite link and its Join step (issue 21). */
export function InvitePage() {
  useDocumentTitle('Join a trip');
  const { token = '' } = useParams();
  const signedIn = useSignedIn();
  const here = `/invite/${encodeURIComponent(token)}`;
  return (
    <div className="px-4 py-10">
      {signedIn ? (
        <InvitePreview token={token} />
      ) : (
        <InviteSignedOut
          signInHref={withReturnTo('/auth', here)}
          registerHref={withReturnTo('/auth/register', here)}
        />
      )}
    </div>
  );
}
