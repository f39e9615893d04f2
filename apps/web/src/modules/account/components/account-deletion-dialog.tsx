import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ACCOUNT_DELETION_ERRORS as E,
  type AccountDeletionPlan,
  type TripChoice,
} from '@tripcrew/contracts/account-deletion';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAccountDeletionPlan, useDeleteAccountMutation } from '../api/account-deletion.ts';
import { defaultChoice, Field, TripChoiceField } from './account-deletion-fields.tsx';

/** What the user types last, to show they mean it. */
export const CONFIRM_WORD = 'DELETE';

interface AccountDeletionDialogProps {
  open: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/** The account deletion dialog: it reads the plan each time it opens. */
export function AccountDeletionDialog({ open, onClose, onDeleted }: AccountDeletionDialogProps) {
  const { t } = useLingui();
  const plan = useAccountDeletionPlan(open);
  return (
    <Dialog open={open} onClose={onClose} title={t`Delete your account`} size="md">
      {plan.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          <Trans>Loading your trips…</Trans>
        </p>
      ) : plan.isError ? (
        <div className="flex flex-col gap-3 py-2">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            <Trans>Your trips could not be loaded. Check your connection and try again.</Trans>
          </p>
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void plan.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <DeletionForm plan={plan.data} onCancel={onClose} onDeleted={onDeleted} />
      )}
    </Dialog>
  );
}

interface DeletionFormProps {
  plan: AccountDeletionPlan;
  onCancel: () => void;
  onDeleted: (message: string) => void;
}

/** The form: a choice per trip run alone, the password (or email), the 2FA code, the typed word. */
export function DeletionForm({ plan, onCancel, onDeleted }: DeletionFormProps) {
  const { t } = useLingui();
  const mutation = useDeleteAccountMutation((answer) => onDeleted(answer.message));
  const [choices, setChoices] = useState<Record<string, TripChoice>>(() =>
    Object.fromEntries(
      plan.trips.filter((t) => t.members.length > 0).map((t) => [t.tripId, defaultChoice(t)]),
    ),
  );
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  const [confirm, setConfirm] = useState('');
  const [needsCode, setNeedsCode] = useState(plan.twoFactor);
  const [problem, setProblem] = useState<{ message: string; field?: string | undefined } | null>(null);

  const shared = plan.trips.filter((trip) => trip.members.length > 0);
  const alone = plan.trips.filter((trip) => trip.members.length === 0);
  const ready = confirm.trim() === CONFIRM_WORD && secret.trim() !== '' && (!needsCode || code.trim() !== '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || mutation.isPending) return;
    setProblem(null);
    mutation.mutate(
      {
        ...(plan.hasPassword ? { password: secret } : { confirmEmail: secret.trim() }),
        ...(needsCode ? { code: code.trim() } : {}),
        trips: Object.values(choices),
      },
      {
        onError: (error) => {
          if (
            isApiError(error) &&
            (error.code === E.twoFactorRequired ||
              error.code === E.twoFactorWrong ||
              error.code === E.twoFactorUsed)
          ) {
            setNeedsCode(true);
          }
          setProblem({
            message:
              isApiError(error) && error.status > 0
                ? error.message
                : t`Something went wrong. Please try again.`,
            field: isApiError(error) ? error.field : undefined,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Delete your account`} className="flex flex-col gap-4">
      {shared.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Trans>You are the only admin of</Trans> {shared.length === 1 ? t`this trip` : t`these trips`}
            <Trans>. Choose what happens to each:</Trans>
          </p>
          {shared.map((trip) => {
            const choice = choices[trip.tripId] ?? defaultChoice(trip);
            return (
              <TripChoiceField
                key={trip.tripId}
                trip={trip}
                choice={choice}
                onChange={(next) => setChoices((all) => ({ ...all, [trip.tripId]: next }))}
              />
            );
          })}
        </div>
      )}
      {alone.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>Deleted with your account, as nobody else is in</Trans>{' '}
          {alone.length === 1 ? t`it` : t`them`}:{' '}
          <strong>{alone.map((trip) => trip.tripName).join(', ')}</strong>
        </p>
      )}
      {plan.hasPassword ? (
        <Field
          label={t`Your password`}
          type="password"
          autoComplete="current-password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={problem?.field === 'password' ? problem.message : undefined}
        />
      ) : (
        <Field
          label={t`Your email address`}
          type="email"
          autoComplete="email"
          hint={t`You sign in with Google or GitHub: type ${ph({ email: plan.email })} to confirm.`}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={problem?.field === 'confirmEmail' ? problem.message : undefined}
        />
      )}
      {needsCode && (
        <Field
          label={t`Two-factor code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={t`The code from your authenticator app, or a recovery code.`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      <Field
        label={t`Type ${CONFIRM_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      {problem && problem.field !== 'password' && problem.field !== 'confirmEmail' && (
        <p
          role="alert"
          className="rounded-2xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {problem.message}
        </p>
      )}
      {problem && (problem.field === 'password' || problem.field === 'confirmEmail') && (
        <p role="alert" className="sr-only">
          {problem.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="danger" disabled={!ready || mutation.isPending}>
          {mutation.isPending ? t`Deleting…` : t`Delete my account for good`}
        </Button>
      </div>
    </form>
  );
}
