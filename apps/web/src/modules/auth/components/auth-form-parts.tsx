import { useLingui } from '@lingui/react/macro';
import type { ChangeEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { alertClass } from './auth-styles.ts';
import { TextField } from './text-field.tsx';
import type { FieldBinding } from './use-auth-form.ts';

/** A form-level problem as an alert above the fields; nothing without one. */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className={alertClass}>
      {problem}
    </p>
  );
}

interface EmailFieldProps {
  /** 'username' where the email is the login name of a password form. */
  autoComplete: 'email' | 'username';
  value: string;
  error?: string | null;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

const CURRENT_PASSWORD = {
  type: 'password',
  name: 'password',
  autoComplete: 'current-password',
  required: true,
} as const;

/** The required current password of a sign-in or a confirmation. */
export function CurrentPasswordField(field: Omit<EmailFieldProps, 'autoComplete'>) {
  const { t } = useLingui();
  return <TextField label={t`Password`} {...CURRENT_PASSWORD} {...field} />;
}

/** The required email field of the account screens. */
export function EmailField({ autoComplete, value, error, onChange }: EmailFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Email`}
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

interface NewPasswordFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string | null;
  /** Shows the password rules under the field (not wanted under the repeat field). */
  withRules?: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/** A required field for a new password or its repeat. */
export function NewPasswordField({
  label,
  name,
  value,
  error,
  withRules = false,
  onChange,
}: NewPasswordFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      value={value}
      error={error}
      hint={withRules ? t`At least 8 characters; avoid common passwords.` : undefined}
      onChange={onChange}
    />
  );
}

/** The part of useAuthForm that the new-password pair reads. */
interface PasswordPairForm<Field extends string> {
  field: (name: Field) => FieldBinding<Field>;
}

/** A new password (with the rules under it) and its repeat, as the account screens ask for them. */
export function NewPasswordPair<Field extends string>({
  form,
  fields: [password, repeat],
  labels: [passwordLabel, repeatLabel],
}: {
  form: PasswordPairForm<Field>;
  fields: readonly [Field, Field];
  labels: readonly [string, string];
}) {
  return (
    <>
      <NewPasswordField label={passwordLabel} withRules {...form.field(password)} />
      <NewPasswordField label={repeatLabel} {...form.field(repeat)} />
    </>
  );
}

/** The full-width submit button of an account form; shows `pendingLabel` while the request runs. */
export function SubmitButton({
  pending = false,
  pendingLabel,
  disabled = false,
  children,
}: {
  pending?: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending || disabled} className="w-full text-sm">
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
