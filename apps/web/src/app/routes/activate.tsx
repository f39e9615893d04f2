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

/** /auth/activate?token=…: the activation link of the registration mail. */
export function ActivatePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Activating your account`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { onActivated, onFailed } = useTokenSignIn('Activation');

  if (!token) return <Navigate to="/auth" replace />;

  return (
    <AuthCard emoji="✨" title={t`Activating your account`} subtitle={t`Hold tight while we sign you in.`}>
      <TokenActivation
        token={token}
        onActivated={onActivated}
        onFailed={onFailed}
        label={t`Activating your account…`}
      />
    </AuthCard>
  );
}
