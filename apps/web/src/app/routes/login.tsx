import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { isTwoFactorChallenge, type Session, type SocialProvider } from '@tripcrew/contracts/auth';
import { CircleAlert, Info } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { returnToFrom, signInReasonText, stashReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { useProviders, socialLoginUrl } from '../../modules/auth/api/get-providers.ts';
import { useLoginMutation } from '../../modules/auth/api/login.ts';
import { useLoginTwoFactorMutation } from '../../modules/auth/api/auth-two-factor.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { alertClass, linkClass, noticeClass } from '../../modules/auth/components/auth-styles.ts';
import { LoginForm, type LoginValues } from '../../modules/auth/components/login-form.tsx';
import { PasskeySignInButton } from '../../modules/auth/components/passkey-sign-in-button.tsx';
import { SignedInPanel } from '../../modules/auth/components/signed-in-panel.tsx';
import { SocialLoginButtons } from '../../modules/auth/components/social-login-buttons.tsx';
import { TwoFactorLoginStep } from '../../modules/auth/components/two-factor-login-step.tsx';
import { socialErrorMessage } from '../../modules/auth/components/social-error.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { setCurrentUser } from '../../modules/users/api/get-current-user.ts';
import { logout } from '../store/session.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { hardNavigation } from '../layout/hard-navigation.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const LOGIN_TITLE = msg`Welcome back`;

/** The challenge a social sign-in with two-factor sign-in on hands to this page (router state). */
function challengeFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('twoFactorChallenge' in state)) return null;
  const { twoFactorChallenge } = state as { twoFactorChallenge: unknown };
  return typeof twoFactorChallenge === 'string' && twoFactorChallenge !== '' ? twoFactorChallenge : null;
}

/**
 * /auth (index) and /auth/login (SPEC §2): email and password form, replaced by a loader while the
 * request runs; links to recovery and registration; social buttons. Failed logins are logged only
 * (SPEC §8), except an unconfirmed account, which gets a way to the confirmation page.
 * Signed in, it greets the user and offers crew, wishlist, change password and logout.
 */
export function LoginPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign in`);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const user = useAppSelector((state) => state.user);
  const providers = useProviders();
  const loginMutation = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  // Two-factor sign-in on: the challenge of the second step, and what went wrong with a code.
  const twoFactorMutation = useLoginTwoFactorMutation();
  // A Google or GitHub sign-in that needs the code arrives with its challenge (activate.tsx).
  const [challenge, setChallenge] = useState<string | null>(() => challengeFromState(location.state));
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [twoFactorEnded, setTwoFactorEnded] = useState<string | null>(null);
  const socialError = searchParams.get('error');
  // Back to where the user was (a safe same-origin path only), with why they were sent here.
  const returnTo = returnToFrom(searchParams, location.state);
  const reason = signInReasonText(searchParams, location.state);

  if (user.isAuthenticated && user._id) {
    const onLogout = async () => {
      setLoggingOut(true);
      try {
        await dispatch(logout());
        queryClient.clear();
      } finally {
        setLoggingOut(false);
      }
    };
    return (
      <AuthCard emoji="👋" title={i18n._(LOGIN_TITLE)} subtitle={t`You are signed in.`}>
        <SignedInPanel
          userId={user._id}
          name={user.name ?? t`traveller`}
          onLogout={() => void onLogout()}
          loggingOut={loggingOut}
        />
      </AuthCard>
    );
  }

  const signedIn = (session: Session) => {
    setCurrentUser(queryClient, session);
    dispatch(authenticate({ accessToken: session.accessToken, refreshToken: session.refreshToken }));
    setValues({ email: '', password: '' });
    setChallenge(null);
    void navigate(returnTo ?? '/', { replace: true });
  };

  const submitCode = (code: string) => {
    if (!challenge) return;
    setCodeProblem(null);
    twoFactorMutation.mutate(
      { challenge, code },
      {
        onSuccess: signedIn,
        onError: (error) => {
          console.warn('Two-factor sign-in failed', error);
          const ended =
            isApiError(error) &&
            (error.code === 'TWO_FACTOR_CHALLENGE_INVALID' || error.reason === 'challenge-ended');
          if (ended) {
            setChallenge(null);
            setTwoFactorEnded(error.message);
          } else {
            setCodeProblem(isApiError(error) ? error.message : t`The code could not be checked. Try again.`);
          }
        },
      },
    );
  };

  const submit = (credentials: LoginValues) => {
    setUnconfirmedEmail(null);
    setTwoFactorEnded(null);
    loginMutation.mutate(credentials, {
      onSuccess: (answer) => {
        if (isTwoFactorChallenge(answer)) {
          setCodeProblem(null);
          setChallenge(answer.challenge);
          setValues((current) => ({ ...current, password: '' }));
          return;
        }
        signedIn(answer);
      },
      onError: (error) => {
        // SPEC §8: a failed login is logged only.
        console.warn('Login failed', error);
        if (isApiError(error) && error.status === 403 && error.code === 'UNCONFIRMED') {
          setUnconfirmedEmail(credentials.email);
        }
        setValues((current) => ({ ...current, password: '' }));
      },
    });
  };

  // A passkey sign-in answers like the password login: the same session handling.
  const onPasskeySession = (session: Session) => {
    setCurrentUser(queryClient, session);
    dispatch(authenticate({ accessToken: session.accessToken, refreshToken: session.refreshToken }));
    void navigate(returnTo ?? '/', { replace: true });
  };

  const onSocial = (provider: SocialProvider) => {
    stashReturnTo(returnTo);
    hardNavigation.assign(socialLoginUrl(provider));
  };

  return (
    <AuthCard
      emoji="👋"
      title={i18n._(LOGIN_TITLE)}
      subtitle={t`Log in to plan trips with your crew.`}
      footer={
        <>
          <Link to="/auth/recovery" className={linkClass}>
            <Trans>forgot password?</Trans>
          </Link>
          <Link to={withReturnTo('/auth/register', returnTo)} className={linkClass}>
            <Trans>sign up</Trans>
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {reason && (
          <p role="status" data-testid="sign-in-reason" className={noticeClass}>
            <Info aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
            {reason}
          </p>
        )}
        {socialError && (
          <p role="alert" className={alertClass}>
            <CircleAlert aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
            {socialErrorMessage(socialError)}
          </p>
        )}
        {unconfirmedEmail && (
          <div role="alert" className={alertClass}>
            <p>
              <Trans>Your email address is not confirmed yet.</Trans>
            </p>
            <p className="mt-1">
              <Trans>
                <Link
                  to={`/auth/confirm?email=${encodeURIComponent(unconfirmedEmail)}`}
                  className="font-semibold underline underline-offset-2"
                >
                  Enter your confirmation code
                </Link>{' '}
                or{' '}
                <Link to="/auth/register" className="font-semibold underline underline-offset-2">
                  register again
                </Link>{' '}
                for a new one.
              </Trans>
            </p>
          </div>
        )}
        {twoFactorEnded && (
          <p role="alert" className={alertClass}>
            {twoFactorEnded}
          </p>
        )}
        {loginMutation.isPending ? (
          <EmojiLoader label={t`Logging you in…`} showLabel size="lg" className="min-h-52" />
        ) : challenge ? (
          <TwoFactorLoginStep
            onSubmit={submitCode}
            onCancel={() => setChallenge(null)}
            pending={twoFactorMutation.isPending}
            problem={codeProblem}
          />
        ) : (
          <LoginForm values={values} onChange={setValues} onSubmit={submit} />
        )}
        {!challenge && (
          <>
            <PasskeySignInButton onSignedIn={onPasskeySession} />
            <SocialLoginButtons
              providers={providers.data}
              onSelect={onSocial}
              loadFailed={providers.isError}
            />
          </>
        )}
      </div>
    </AuthCard>
  );
}
