import { InvitePreview } from './invite-preview.tsx';
import { InviteSignedOut } from './invite-signed-out.tsx';

interface InviteScreenProps {
  token: string;
  signedIn: boolean;
  /** Sign-in and registration pages that come back to this invite. */
  signInHref: string;
  registerHref: string;
}

/** /invite/:token's content: the preview and Join when signed in, else the way to sign in and back. */
export function InviteScreen({ token, signedIn, signInHref, registerHref }: InviteScreenProps) {
  return signedIn ? (
    <InvitePreview token={token} />
  ) : (
    <InviteSignedOut signInHref={signInHref} registerHref={registerHref} />
  );
}
