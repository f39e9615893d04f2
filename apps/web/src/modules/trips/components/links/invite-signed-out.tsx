import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { CARD } from './invite-preview.tsx';

/** A visitor: sign in or register, then come straight back to this invite. */
export function InviteSignedOut({ signInHref, registerHref }: { signInHref: string; registerHref: string }) {
  return (
    <section aria-labelledby="invite-title" className={CARD}>
      <span aria-hidden="true" className="text-5xl">
        🧳
      </span>
      <h1 id="invite-title" className="text-2xl font-bold tracking-tight">
        <Trans>You are invited to a trip</Trans>
      </h1>
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>
          Sign in or create a free account to see the trip and join. You will come straight back here.
        </Trans>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={signInHref} className={buttonClass({ size: 'lg' }, 'flex-1')}>
          <Trans>Sign in</Trans>
        </Link>
        <Link to={registerHref} className={buttonClass({ size: 'lg', variant: 'secondary' }, 'flex-1')}>
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </section>
  );
}
