import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField } from './text-field.tsx';

interface TwoFactorCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** false: only the app's 6-digit code (enrollment); true: a recovery code may be used instead. */
  allowRecoveryCode?: boolean;
  autoFocus?: boolean;
}

/**
 * The code of two-factor sign-in: the 6 digits of the authenticator app (numeric keyboard,
 * one-time-code autofill), or, after "Use a recovery code", a recovery code.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  allowRecoveryCode = true,
  autoFocus = false,
}: TwoFactorCodeFieldProps) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      {recovery ? (
        <TextField
          key="recovery"
          label={t`Recovery code`}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t`xxxxx-xxxxx`}
          maxLength={32}
          required
          autoFocus
          value={value}
          error={error}
          hint={t`One of the ten codes you saved when you turned on two-factor sign-in. Each works once.`}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <TextField
          key="app"
          label={t`6-digit code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus={autoFocus}
          value={value}
          error={error}
          hint={t`From your authenticator app.`}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {allowRecoveryCode && (
        <button
          type="button"
          onClick={() => {
            setRecovery((current) => !current);
            onChange('');
          }}
          className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          {recovery ? t`Use the code from your app` : t`Use a recovery code instead`}
        </button>
      )}
    </div>
  );
}
