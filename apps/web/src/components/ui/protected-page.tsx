import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SignInReason } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { buttonClass } from './button.tsx';
import { MessageScreen } from './message-screen.tsx';
import { useSignedIn } from './signed-in-context.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/** SPEC §9: visitors on a protected page are sent to /auth after 3 seconds. */
export const PROTECTED_REDIRECT_MS = 3000;
/**
 * The router state that return-to.ts's returnToFrom and signInReasonText read (its signInState,
 * written out here so the first download does not carry the sign-in page's helpers).
 */
const signInState = (from: string) => ({ from, reason: 'protected' satisfies SignInReason });

export const NOT_LOGGED_IN_TEXT = msg`Mama mia! You are not logged in yet`;

/**
 * Per-page protection (SPEC §2, §6): renders the page for signed-in users; visitors see the
 * 'Mama mia!' notice and are redirected to /auth after exactly 3 seconds.
 */
export function ProtectedPage({ children }: { children: ReactNode }) {
  const isAuthenticated = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (isAuthenticated) return;
    const timer = setTimeout(
      () => navigate('/auth', { replace: true, state: signInState(from) }),
      PROTECTED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [isAuthenticated, navigate, from]);

  if (isAuthenticated) return <>{children}</>;
  return <NotSignedIn from={from} />;
}

/** The notice for visitors (its own component: the page's title is set only while it shows). */
function NotSignedIn({ from }: { from: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Sign in required`);

  return (
    <MessageScreen
      titleId="not-logged-in-title"
      title={i18n._(NOT_LOGGED_IN_TEXT)}
      className="gap-4 py-16 motion-safe:animate-slide-up"
      icon={
        <span aria-hidden="true" className="text-6xl">
          🤌
        </span>
      }
    >
      <p className="text-slate-600 dark:text-slate-300" role="status">
        <Trans>
          This page is only for travellers with an account. Taking you to the login page in a moment…
        </Trans>
      </p>
      <Link to="/auth" replace state={signInState(from)} className={buttonClass({ size: 'md' })}>
        <Trans>Go to login now</Trans>
      </Link>
    </MessageScreen>
  );
}
