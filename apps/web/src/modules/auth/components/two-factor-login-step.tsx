import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { FormProblem, SubmitButton } from './auth-form-parts.tsx';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';

interface TwoFactorLoginStepProps {
  /** Sends the code; the page finishes the sign-in or shows `problem`. */
  onSubmit: (code: string) => void;
  /** Back to the email and password form. */
  onCancel: () => void;
  pending: boolean;
  problem: string | null;
}

/** The second step of a sign-in with two-factor sign-in on: the app's code or a recovery code. */
export function TwoFactorLoginStep({ onSubmit, onCancel, pending, problem }: TwoFactorLoginStepProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = code.trim();
    setEmpty(trimmed === '');
    if (trimmed === '') return;
    onSubmit(trimmed);
    setCode('');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Two-factor code`} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Two-factor sign-in is on for this account. Enter the code your authenticator app shows now.
        </Trans>
      </p>
      <FormProblem problem={problem} />
      <TwoFactorCodeField
        value={code}
        onChange={setCode}
        autoFocus
        error={empty ? t`Enter the code from your authenticator app.` : null}
      />
      <SubmitButton pending={pending} pendingLabel={t`Checking…`}>
        <Trans>Verify and sign in</Trans>
      </SubmitButton>
      <button
        type="button"
        onClick={onCancel}
        className="self-center text-sm font-semibold text-slate-600 underline-offset-4 hover:underline dark:text-slate-300"
      >
        <Trans>Back to email and password</Trans>
      </button>
    </form>
  );
}
