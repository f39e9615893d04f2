import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useChangePasswordMutation } from '../../modules/auth/api/auth-password.ts';
import { useTwoFactorStatus } from '../../modules/auth/api/auth-two-factor.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import {
  FormProblem,
  NewPasswordPair,
  SubmitButton,
} from '../../modules/auth/components/auth-form-parts.tsx';
import { linkClass } from '../../modules/auth/components/auth-styles.ts';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { TwoFactorCodeField } from '../../modules/auth/components/two-factor-code-field.tsx';
import { useAuthForm } from '../../modules/auth/components/use-auth-form.ts';
import { FILL_ALL_FIELDS, PASSWORDS_DO_NOT_MATCH } from './register.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword' | 'code';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', repeatPassword: '', code: '' };

/**
 * /change-password (protected): current password, new password and its repeat, and the
 * two-factor code when that is on; POST /auth/change-password.
 */
export function ChangePasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Change password`);
  const change = useChangePasswordMutation();
  const form = useAuthForm(EMPTY);
  const { values } = form;
  // With two-factor sign-in on, the change also needs a code.
  const twoFactorOn = useTwoFactorStatus().data?.enabled === true;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (
      values.currentPassword === '' ||
      values.newPassword === '' ||
      values.repeatPassword === '' ||
      (twoFactorOn && values.code.trim() === '')
    ) {
      form.setProblem(i18n._(FILL_ALL_FIELDS));
      return;
    }
    if (values.newPassword !== values.repeatPassword) {
      form.setProblem(null);
      form.setFieldErrors({ repeatPassword: i18n._(PASSWORDS_DO_NOT_MATCH) });
      return;
    }
    form.clearErrors();
    change.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        ...(twoFactorOn ? { code: values.code.trim() } : {}),
      },
      {
        onSuccess: (response) => {
          form.setValues(EMPTY);
          toast.success(response.message, { toastId: 'password-changed' });
        },
        onError: (error) => form.showApiError(error, ['currentPassword', 'newPassword', 'code']),
      },
    );
  };

  return (
    <AuthCard
      emoji="🔒"
      title={t`Change password`}
      subtitle={t`Your other devices are signed out after the change.`}
      footer={
        <Link to="/auth/recovery" className={linkClass}>
          <Trans>forgot your current password?</Trans>
        </Link>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Change password`} className="flex flex-col gap-4">
        <FormProblem problem={form.problem} />
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <NewPasswordPair
          form={form}
          fields={['newPassword', 'repeatPassword']}
          labels={[t`New password`, t`Repeat new password`]}
        />
        {twoFactorOn && (
          <TwoFactorCodeField
            value={values.code}
            error={form.field('code').error}
            onChange={(code) => form.field('code').onChange({ target: { value: code } })}
          />
        )}
        <SubmitButton pending={change.isPending} pendingLabel={t`Saving…`}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
