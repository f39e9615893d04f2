import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ActivateUserResponse, isTwoFactorChallenge } from '@tripcrew/contracts/auth';
import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { TokenActivation } from '../../modules/auth/components/token-activation.tsx';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { loadSession, resetSession } from '../store/session.ts';
import { useAppDispatch } from '../store/store.ts';
import { i18n, type MessageDescriptor } from '../../lib/i18n/i18n.ts';
import { takeStashedReturnTo } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Stores the tokens of an activation, loads the user (GET /users/users/me) and goes back to where
 * the sign-in started (else /); back to /auth, signed out, when that fails (SPEC §2 activation,
 * §8 'Activation fails: logged; redirect to /auth').
 */
export function useTokenSignIn(kind: string) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onActivated = useCallback(
    async (answer: ActivateUserResponse) => {
      // Two-factor sign-in on (a Google or GitHub sign-in): the login page asks for the code.
      if (isTwoFactorChallenge(answer)) {
        const from = takeStashedReturnTo();
        void navigate('/auth/login', {
          replace: true,
          state: { twoFactorChallenge: answer.challenge, ...(from ? { from } : {}) },
        });
        return;
      }
      dispatch(authenticate(answer));
      const signedIn = await dispatch(loadSession(queryClient));
      // Fresh tokens whose user could not be loaded (even for want of network): not half signed in.
      if (!signedIn) dispatch(resetSession());
      // Back to where the sign-in started (a social sign-in leaves the app), else /.
      void navigate(signedIn ? (takeStashedReturnTo() ?? '/') : '/auth', { replace: true });
    },
    [dispatch, navigate, queryClient],
  );

  const onFailed = useCallback(
    (error: unknown) => {
      console.warn(`${kind} failed`, error);
      void navigate('/auth', { replace: true });
    },
    [kind, navigate],
  );

  return { onActivated, onFailed };
}

/** The two ways in by a one-time token: what is logged on failure, and what the card says meanwhile. */
const TOKEN_SIGN_INS = {
  activation: {
    kind: 'Activation',
    emoji: '✨',
    title: msg`Activating your account`,
    subtitle: msg`Hold tight while we sign you in.`,
    label: msg`Activating your account…`,
  },
  social: {
    kind: 'Social login',
    emoji: '🔐',
    title: msg`Signing you in…`,
    subtitle: msg`Finishing your sign-in with your social account.`,
    label: msg`Signing you in…`,
  },
} satisfies Record<string, { kind: string; emoji: string } & Record<string, string | MessageDescriptor>>;

/** The card shown while a one-time token signs the user in (useTokenSignIn). */
export function TokenSignInCard({ token, via }: { token: string; via: keyof typeof TOKEN_SIGN_INS }) {
  const card = TOKEN_SIGN_INS[via];
  const { onActivated, onFailed } = useTokenSignIn(card.kind);
  return (
    <AuthCard emoji={card.emoji} title={i18n._(card.title)} subtitle={i18n._(card.subtitle)}>
      <TokenActivation
        token={token}
        onActivated={onActivated}
        onFailed={onFailed}
        label={i18n._(card.label)}
      />
    </AuthCard>
  );
}

/** /auth/activate?token=…: the activation link of the registration mail. */
export function ActivatePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Activating your account`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? <TokenSignInCard token={token} via="activation" /> : <Navigate to="/auth" replace />;
}
