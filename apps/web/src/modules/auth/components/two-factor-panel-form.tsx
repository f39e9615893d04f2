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
  className: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What the form is about, above the problem of the last try. */
  intro: ReactNode;
  /** The mutation the form sends: its failure shows above the fields. */
  mutation: { isError: boolean; error: unknown };
  /** The fields, between the problem and the buttons. */
  children: ReactNode;
  submitButton: ReactNode;
  onCancel: () => void;
}

/** A form of the two-factor settings: intro, the last problem, the fields, then send and Cancel. */
export function TwoFactorPanelForm({
  label,
  className,
  onSubmit,
  intro,
  mutation,
  children,
  submitButton,
  onCancel,
}: TwoFactorPanelFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className={className}>
      {intro}
      <FormProblem problem={mutation.isError ? problemOf(mutation.error) : null} />
      {children}
      <div className="flex flex-wrap gap-2">
        {submitButton}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
