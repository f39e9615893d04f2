import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SoleAdminTrip, TripChoice } from '@tripcrew/contracts/account-deletion';
import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';

export const fieldClass =
  'block w-full rounded-2xl border-0 bg-slate-50 px-4 py-2.5 text-base text-slate-900 ring-1 ring-slate-300 outline-none focus:bg-white focus:ring-2 focus:ring-brand-500 sm:text-sm dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700 dark:focus:bg-slate-950 dark:focus:ring-brand-400';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string | undefined;
}

/** A labelled input with an optional hint and error (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        className={fieldClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The default choice for a trip: hand it to its first other member (keeps it for them). */
export function defaultChoice(trip: SoleAdminTrip): TripChoice {
  const first = trip.members[0];
  return first
    ? { tripId: trip.tripId, action: 'hand-over', toUserId: first._id }
    : { tripId: trip.tripId, action: 'delete' };
}

interface TripChoiceFieldProps {
  trip: SoleAdminTrip;
  choice: TripChoice;
  onChange: (choice: TripChoice) => void;
}

/** One trip the user alone runs: hand it over to a member (picked in a list), or delete it. */
export function TripChoiceField({ trip, choice, onChange }: TripChoiceFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const name = `${id}-action`;
  const handOver = choice.action === 'hand-over';
  const firstId = trip.members[0]?._id;
  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl p-3 ring-1 ring-slate-200 dark:ring-slate-700">
      <legend className="px-1 text-sm font-semibold">{trip.tripName}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={name}
          checked={handOver}
          onChange={() => onChange({ tripId: trip.tripId, action: 'hand-over', toUserId: firstId })}
          className="size-4 accent-brand-600"
        />
        <Trans>Hand it over to</Trans>
      </label>
      <div className="pl-6">
        <select
          aria-label={t`New admin of ${ph({ tripName: trip.tripName })}`}
          disabled={!handOver}
          value={choice.toUserId ?? ''}
          onChange={(event) =>
            onChange({ tripId: trip.tripId, action: 'hand-over', toUserId: event.target.value })
          }
          className={`${fieldClass} disabled:opacity-50`}
        >
          {trip.members.map((member) => (
            <option key={member._id} value={member._id}>
              {`${member.name} ${member.lastName}`.trim()} ({member.role})
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={name}
          checked={!handOver}
          onChange={() => onChange({ tripId: trip.tripId, action: 'delete' })}
          className="size-4 accent-red-600"
        />
        <Trans>Delete the trip for everyone</Trans>
      </label>
    </fieldset>
  );
}
