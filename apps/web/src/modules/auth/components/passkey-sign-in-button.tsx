import { useLingui } from '@lingui/react/macro';
import type { Session } from '@tripcrew/contracts/auth';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { browserSupportsPasskeys, usePasskeySignInMutation } from '../api/auth-passkeys.ts';
import { alertClass } from './auth-styles.ts';
import { passkeyErrorMessage } from './passkey-errors.ts';

interface PasskeySignInButtonProps {
  /** Called with the new session, exactly like a password login's answer. */
  onSignedIn: (session: Session) => void;
}

/**
 * "Sign in with a passkey" under the login form: the discoverable ceremony (the authenticator
 * offers the accounts it holds), no email needed. Hidden in browsers without WebAuthn.
 */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useLingui();
  const signIn = usePasskeySignInMutation();
  const [error, setError] = useState<string | null>(null);
  if (!browserSupportsPasskeys()) return null;

  const start = () => {
    setError(null);
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        console.warn('Passkey sign-in failed', failure);
        setError(passkeyErrorMessage(failure, 'sign-in'));
      },
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full text-sm"
        onClick={start}
        disabled={signIn.isPending}
      >
        <Fingerprint aria-hidden="true" className="size-5" />
        {signIn.isPending ? t`Waiting for your passkey…` : t`Sign in with a passkey`}
      </Button>
      {error && (
        <p role="alert" className={alertClass}>
          {error}
        </p>
      )}
    </div>
  );
}
