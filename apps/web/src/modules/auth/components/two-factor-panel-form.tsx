import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { FormProblem } from './auth-form-parts.tsx';

/** What a failed two-factor call says above its form. */
export const problemOf = (error: unknown) =>
  isApiError(error) ? error.message : t`Something went wrong. Try again.`;

interface TwoFactorPanelFormProps {
  label: string;
  /** What the form is about, above the problem of the last try: a sentence, or more. */
  intro: ReactNode;
  /** The gap between the form's parts. */
  gap?: 'gap-3' | 'gap-4';
  /** The mutation the form sends: its failure shows above the fields, and no second send while it runs. */
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  /** Whether the fields are filled in enough to send; the send button waits until then. */
  ready?: boolean;
  /** Sends the form (never while the mutation runs or before `ready`). */
  onSend: () => void;
  submitLabel: string;
  pendingLabel: string;
  /** The send button in red (an action that turns protection off). */
  danger?: boolean;
  /** The fields, between the problem and the buttons. */
  children: ReactNode;
  onCancel: () => void;
}

/** A form of the two-factor settings: intro, the last problem, the fields, then send and Cancel. */
export function TwoFactorPanelForm({
  label,
  intro,
  gap = 'gap-3',
  mutation,
  ready = true,
  onSend,
  submitLabel,
  pendingLabel,
  danger = false,
  children,
  onCancel,
}: TwoFactorPanelFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mutation.isPending && ready) onSend();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className={`flex flex-col ${gap}`}>
      {typeof intro === 'string' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{intro}</p>
      ) : (
        intro
      )}
      <FormProblem problem={mutation.isError ? problemOf(mutation.error) : null} />
      {children}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          variant={danger ? 'danger' : 'primary'}
          disabled={mutation.isPending || !ready}
        >
          {mutation.isPending ? pendingLabel : submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
