import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiErrorMessage } from '../../modules/auth/api/auth-error-message.ts';
import { useRecoveryMutation } from '../../modules/auth/api/request-recovery.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { EmailField, SubmitButton } from '../../modules/auth/components/auth-form-parts.tsx';
import { linkClass, noticeClass } from '../../modules/auth/components/auth-styles.ts';
import { DevOutboxLink } from '../../modules/auth/components/dev-outbox-link.tsx';
import { useAppSelector } from '../store/store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /auth/recovery (SPEC §2, §7): an email field and 'Send email' (POST /auth/recovery); success goes
 * to /. Signed-in users are redirected to /.
 */
export function RecoveryPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password`);
  const isAuthenticated = useAppSelector((state) => state.user.isAuthenticated);
  const navigate = useNavigate();
  const recovery = useRecoveryMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (isAuthenticated) return <Navigate to="/" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (recovery.isPending) return;
    const address = email.trim();
    if (address === '') {
      setError(t`Enter your email address.`);
      return;
    }
    setError(null);
    recovery.mutate(address, {
      onSuccess: () => {
        toast.success(
          t`If ${address} has a Tripcrew account, a reset code is on its way. Open the link in the email to set a new password.`,
          { toastId: 'recovery-sent' },
        );
        void navigate('/', { replace: true });
      },
      onError: (failure) => {
        const message = apiErrorMessage(failure);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <AuthCard
      emoji="🗝️"
      title={t`Forgot your password?`}
      subtitle={t`We will send you an email with a code to set a new password.`}
      footer={
        <>
          <Link to="/auth" className={linkClass}>
            <Trans>Back to login</Trans>
          </Link>
          <Link to="/auth/recovery-confirm" className={linkClass}>
            <Trans>I have a code</Trans>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Forgot password`} className="flex flex-col gap-4">
        <EmailField
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton pending={recovery.isPending} pendingLabel={t`Sending…`}>
          <Trans>Send email</Trans>
        </SubmitButton>
        <DevOutboxLink email={email.trim() || undefined} className={noticeClass} />
      </form>
    </AuthCard>
  );
}
