import { useLingui } from '@lingui/react/macro';
import { FIELD_CLASS, HINT_CLASS, LABEL_CLASS, type MoneyPerson } from './money-ui.ts';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';

/** A static value in the place of a field: the same box, not editable. */
const FIXED_CLASS =
  'w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100';

export interface PayerFieldProps {
  id: string;
  /** The travellers who may share costs. */
  people: readonly MoneyPerson[];
  /** Who paid, as the form holds it. */
  paidBy: string;
  /** The payer's name when they are not among `people` (an expense being changed). */
  payerName?: string;
  currentUserId: string;
  /** An admin records what anyone paid; everyone else only what they paid themselves. */
  isAdmin: boolean;
  error?: string;
  onChange: (paidBy: string) => void;
}

/**
 * "Paid by": a choice of every traveller for the trip's admins; for everyone else the payer as
 * text (the API takes a new expense from them only as paid by themselves, and a change to one
 * they added only with the payer it has).
 */
export function PayerField({
  id,
  people,
  paidBy,
  payerName,
  currentUserId,
  isAdmin,
  error,
  onChange,
}: PayerFieldProps) {
  const { t } = useLingui();
  const describedBy = [isAdmin ? '' : `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  if (isAdmin) {
    return (
      <FormField id={id} label={t`Paid by`} error={error}>
        <select
          id={id}
          value={paidBy}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={FIELD_CLASS}
        >
          {paidBy === '' && <option value="">{t`Choose who paid`}</option>}
          {people.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
        </select>
      </FormField>
    );
  }
  const name = people.find((person) => person._id === paidBy)?.name ?? payerName ?? '';
  const own = paidBy === currentUserId;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      className="flex min-w-0 flex-col gap-1"
    >
      <span id={`${id}-label`} className={LABEL_CLASS}>
        {t`Paid by`}
      </span>
      <p id={id} className={FIXED_CLASS}>
        {own ? t`${name} (you)` : name}
      </p>
      <p id={`${id}-hint`} className={HINT_CLASS}>
        {own
          ? t`You add what you paid yourself; an admin of the trip adds what others paid.`
          : t`Only an admin of the trip changes who paid.`}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
