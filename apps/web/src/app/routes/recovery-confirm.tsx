import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useRecoveryConfirmMutation } from '../../modules/auth/api/auth-password.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import {
  EmailField,
  FormProblem,
  NewPasswordField,
  SubmitButton,
} from '../../modules/auth/components/auth-form-parts.tsx';
import { linkClass, noticeClass } from '../../modules/auth/components/auth-styles.ts';
import { DevOutboxLink } from '../../modules/auth/components/dev-outbox-link.tsx';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { useAuthForm } from '../../modules/auth/components/use-auth-form.ts';
import { FILL_ALL_FIELDS } from './register.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const RESET_CODE_PLACEHOLDER = '1234-5678';

/**
 * /auth/recovery-confirm?email= (SPEC §2, §7): email (prefilled), the code from the mail
 * (placeholder 1234-5678) and the new password; 'Confirm' calls POST /auth/recovery-confirm and
 * goes to /auth/login.
 */
export function RecoveryConfirmPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reset password`);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const reset = useRecoveryConfirmMutation();
  const { values, problem, setProblem, field, clearErrors, showApiError } = useAuthForm(() => ({
    email: searchParams.get('email') ?? '',
    code: '',
    password: '',
  }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const email = values.email.trim();
    const code = values.code.trim();
    if (email === '' || code === '' || values.password === '') {
      setProblem(i18n._(FILL_ALL_FIELDS));
      return;
    }
    clearErrors();
    reset.mutate(
      { email, code, password: values.password },
      {
        onSuccess: (response) => {
          toast.success(response.message, { toastId: 'password-reset' });
          void navigate('/auth/login', { replace: true });
        },
        onError: (error) => showApiError(error, ['email', 'code', 'password']),
      },
    );
  };

  return (
    <AuthCard
      emoji="🔑"
      title={t`Set a new password`}
      subtitle={t`Enter the code from the email and choose a new password.`}
      footer={
        <>
          <Link to="/auth/recovery" className={linkClass}>
            <Trans>Send a new code</Trans>
          </Link>
          <Link to="/auth" className={linkClass}>
            <Trans>Back to login</Trans>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Set a new password`} className="flex flex-col gap-4">
        <FormProblem problem={problem} />
        <EmailField autoComplete="username" {...field('email')} />
        <TextField
          label={t`Code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={RESET_CODE_PLACEHOLDER}
          required
          hint={t`The code from the email; it is valid for 30 minutes.`}
          {...field('code')}
        />
        <NewPasswordField label={t`New password`} withRules {...field('password')} />
        <SubmitButton pending={reset.isPending} pendingLabel={t`Saving…`}>
          <Trans>Confirm</Trans>
        </SubmitButton>
        <DevOutboxLink email={values.email.trim() || undefined} className={noticeClass} />
      </form>
    </AuthCard>
  );
}
