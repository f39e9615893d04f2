import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField, EmailField, SubmitButton } from './auth-form-parts.tsx';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  onSubmit: (values: LoginValues) => void;
}

/** Email and password (SPEC §2). Empty fields get a visible message; nothing is sent then. */
export function LoginForm({ values, onChange, onSubmit }: LoginFormProps) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      email: values.email.trim() === '' ? t`Enter your email address.` : undefined,
      password: values.password === '' ? t`Enter your password.` : undefined,
    };
    setErrors(next);
    if (next.email || next.password) return;
    onSubmit({ email: values.email.trim(), password: values.password });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Log in`} className="flex flex-col gap-4">
      <EmailField
        autoComplete="username"
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange({ ...values, email: event.target.value })}
      />
      <CurrentPasswordField
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
      />
      <SubmitButton>
        <Trans>Log in</Trans>
      </SubmitButton>
    </form>
  );
}
