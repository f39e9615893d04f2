import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CountdownRing } from '../../../components/ui/countdown-ring.tsx';
import { withReturnTo } from '../../../lib/return-to.ts';
import { linkClass, noticeClass, primaryButtonClass } from './auth-styles.ts';
import { DevOutboxLink } from './dev-outbox-link.tsx';

interface RegistrationWaitingProps {
  email: string;
  /** When the registration window ends (ms timestamp). */
  endsAt: number;
  totalSeconds: number;
  /** Called once when the countdown reaches zero. */
  onExpired: () => void;
  /** Where to go once confirmed (carried to the confirmation page). */
  returnTo?: string | null;
}

/**
 * The waiting state after a registration (SPEC §2/§4): a mm:ss countdown with a ring, asking the
 * user to check the inbox (and the spam folder), with the way on to the confirmation page.
 */
export function RegistrationWaiting({
  email,
  endsAt,
  totalSeconds,
  onExpired,
  returnTo = null,
}: RegistrationWaitingProps) {
  const { t } = useLingui();
  const secondsAt = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  const [secondsLeft, setSecondsLeft] = useState(secondsAt);

  useEffect(() => {
    // Measured against the clock, so a throttled background tab still ends on time.
    const timer = setInterval(
      () => setSecondsLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))),
      250,
    );
    return () => clearInterval(timer);
  }, [endsAt]);

  useEffect(() => {
    if (secondsLeft === 0) onExpired();
  }, [secondsLeft, onExpired]);

  const confirmHref = withReturnTo(`/auth/confirm?email=${encodeURIComponent(email)}`, returnTo);

  return (
    <div className="flex flex-col items-center gap-5 text-center" data-testid="registration-waiting">
      <CountdownRing
        secondsLeft={secondsLeft}
        totalSeconds={totalSeconds}
        label={t`Time left to confirm your email`}
      />
      <div className="flex flex-col gap-2">
        <h2 className="flex items-center justify-center gap-2 text-lg font-semibold">
          <MailCheck aria-hidden="true" className="size-5 text-brand-600 dark:text-brand-400" />
          <Trans>Check your email</Trans>
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>
            We sent a confirmation code and a link to <strong className="break-all">{email}</strong>. Enter
            the code or open the link before the time runs out. Nothing there? Look in your spam folder too.
          </Trans>
        </p>
      </div>
      <Link to={confirmHref} className={primaryButtonClass}>
        <Trans>Enter the confirmation code</Trans>
      </Link>
      <DevOutboxLink email={email} className={noticeClass} />
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <Trans>
          When the time is up the form comes back, so you can{' '}
          <span className="font-medium">register again for a new code</span>. Already confirmed?{' '}
          <Link to={withReturnTo('/auth', returnTo)} className={linkClass}>
            Log in
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}
