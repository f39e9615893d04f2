import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useChangePasswordMutation } from '../../modules/auth/api/change-password.ts';
import { apiErrorField, apiErrorMessage } from '../../modules/auth/api/error-message.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { alertClass, linkClass, primaryButtonClass } from '../../modules/auth/components/auth-styles.ts';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { FILL_ALL_FIELDS, PASSWORDS_DO_NOT_MATCH } from './register.tsx';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** /change-password (protected): current password, new password and its repeat; POST /auth/change-password. */
export function ChangePasswordPage() {
  const change = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (values.currentPassword === '' || values.newPassword === '' || values.repeatPassword === '') {
      setProblem(FILL_ALL_FIELDS);
      return;
    }
    if (values.newPassword !== values.repeatPassword) {
      setProblem(null);
      setFieldErrors({ repeatPassword: PASSWORDS_DO_NOT_MATCH });
      return;
    }
    setProblem(null);
    setFieldErrors({});
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (response) => {
          setValues(EMPTY);
          toast.success(response.message, { toastId: 'password-changed' });
        },
        onError: (error) => {
          const message = apiErrorMessage(error);
          const field = apiErrorField(error);
          if (field === 'currentPassword' || field === 'newPassword') setFieldErrors({ [field]: message });
          else setProblem(message);
        },
      },
    );
  };

  return (
    <AuthCard
      emoji="🔒"
      title="Change password"
      subtitle="Your other devices are signed out after the change."
      footer={
        <Link to="/auth/recovery" className={linkClass}>
          forgot your current password?
        </Link>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Change password" className="flex flex-col gap-4">
        {problem && (
          <p role="alert" className={alertClass}>
            {problem}
          </p>
        )}
        <TextField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          error={fieldErrors.currentPassword}
          onChange={set('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={values.newPassword}
          error={fieldErrors.newPassword}
          hint="At least 8 characters; avoid common passwords."
          onChange={set('newPassword')}
        />
        <TextField
          label="Repeat new password"
          type="password"
          name="repeatPassword"
          autoComplete="new-password"
          required
          value={values.repeatPassword}
          error={fieldErrors.repeatPassword}
          onChange={set('repeatPassword')}
        />
        <button type="submit" disabled={change.isPending} className={primaryButtonClass}>
          {change.isPending ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </AuthCard>
  );
}
