import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { useSignedIn } from '../../components/ui/signed-in-context.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The screen loads on its own: the first download's list of chunks to preload stays as it was
// (PERF-07 budget), whatever the screen needs.
const InviteScreen = lazy(() =>
  import('../../modules/trips/components/links/invite-screen.tsx').then((module) => ({
    default: module.InviteScreen,
  })),
);

/** /invite/:token: the preview of a trip invite link and its Join step (issue 21). */
export function InvitePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Join a trip`);
  const { token = '' } = useParams();
  const signedIn = useSignedIn();
  const here = `/invite/${encodeURIComponent(token)}`;
  return (
    <div className="py-6 sm:py-10">
      <Suspense fallback={<EmojiLoader label={t`Opening the invite…`} className="py-24" />}>
        <InviteScreen
          token={token}
          signedIn={signedIn}
          signInHref={withReturnTo('/auth', here)}
          registerHref={withReturnTo('/auth/register', here)}
        />
      </Suspense>
    </div>
  );
}
