import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CountdownRing } from '../../components/ui/countdown-ring.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/** SPEC §9: the break page counts down 30 seconds, then goes to /. */
export const BREAK_SECONDS = 30;
export const RELAX_TEXT = msg`Relax and enjoy your time!`;

/** /wow-relax: the rate-limit "Break" page (SPEC §2, §8: a 429 response lands here). */
export function WowRelaxPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Relax`);
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(BREAK_SECONDS);

  useEffect(() => {
    // Measured against the clock, so a throttled background tab still ends on time.
    const endsAt = Date.now() + BREAK_SECONDS * 1000;
    const timer = setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    }, 250);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) navigate('/', { replace: true });
  }, [secondsLeft, navigate]);

  return (
    <MessageScreen
      titleId="relax-title"
      title={i18n._(RELAX_TEXT)}
      className="gap-6 px-4 py-12 motion-safe:animate-slide-up sm:py-16"
      titleClassName="text-3xl font-extrabold tracking-tight sm:text-4xl"
      icon={
        <span aria-hidden="true" className="text-6xl motion-safe:animate-float">
          🏝️
        </span>
      }
    >
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>
          That was a lot of clicking in a short time. Take a short break; we will take you back to the start
          page when the countdown ends.
        </Trans>
      </p>
      <CountdownRing
        secondsLeft={secondsLeft}
        totalSeconds={BREAK_SECONDS}
        label={t`Seconds left`}
        format={String}
        valueTestId="relax-countdown"
      />
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {secondsLeft === 1 ? t`1 second` : t`${secondsLeft} seconds`} <Trans>left</Trans>
      </p>
    </MessageScreen>
  );
}
