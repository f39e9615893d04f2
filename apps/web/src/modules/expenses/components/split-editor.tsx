import { msg, ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SPLIT_KINDS, type SplitKindName } from '@tripcrew/contracts/expenses';
import clsx from 'clsx';
import { useId } from 'react';
import { type ExpenseDraft, leftToAssign, type SplitEntry } from '../expense-form-rules.ts';
import { FIELD_CLASS, LABEL_CLASS, type MoneyPerson } from './money-ui.ts';
import { LabelledOptions } from './money-form.tsx';
import { FieldError } from '../../../components/ui/form-field.tsx';
import type { MessageDescriptor } from '../../../lib/i18n/i18n.ts';

const KIND_LABELS: Record<SplitKindName, MessageDescriptor> = {
  equal: msg`Equally`,
  shares: msg`By shares`,
  percent: msg`By percentages`,
  exact: msg`By exact amounts`,
};

const valueLabel = (kind: SplitKindName, name: string, currency: string): string =>
  kind === 'shares'
    ? t`Shares of ${name}`
    : kind === 'percent'
      ? t`Percent for ${name}`
      : t`${currency} for ${name}`;

/** The split of an expense: who shares it, how, and each person's value, with what is left to assign. */
export function SplitEditor({
  draft,
  people,
  error,
  onChange,
}: {
  draft: ExpenseDraft;
  people: readonly MoneyPerson[];
  error?: string;
  onChange: (kind: SplitKindName, split: Record<string, SplitEntry>) => void;
}) {
  const id = useId();
  const left = leftToAssign(draft);
  const setEntry = (userId: string, entry: Partial<SplitEntry>) =>
    onChange(draft.kind, {
      ...draft.split,
      [userId]: { included: false, value: '', ...draft.split[userId], ...entry },
    });
  const setKind = (kind: SplitKindName) =>
    onChange(
      kind,
      Object.fromEntries(
        Object.entries(draft.split).map(([userId, entry]) => [
          userId,
          { ...entry, value: kind === 'shares' ? '1' : '' },
        ]),
      ),
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-kind`} className={LABEL_CLASS}>
          <Trans>How to split</Trans>
        </label>
        <select
          id={`${id}-kind`}
          value={draft.kind}
          onChange={(event) => setKind(event.target.value as SplitKindName)}
          className={FIELD_CLASS}
        >
          <LabelledOptions values={SPLIT_KINDS} labels={KIND_LABELS} />
        </select>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className={`${LABEL_CLASS} mb-1`}>
          <Trans>Shared by</Trans>
        </legend>
        <ul className="flex flex-col gap-2">
          {people.map((person) => {
            const entry = draft.split[person._id] ?? { included: false, value: '' };
            return (
              <li key={person._id} className="flex min-h-10 items-center gap-3">
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={entry.included}
                    onChange={(event) => setEntry(person._id, { included: event.target.checked })}
                    className="size-5 shrink-0 accent-brand-700"
                  />
                  <span className="truncate">{person.name}</span>
                </label>
                {draft.kind !== 'equal' && entry.included && (
                  <input
                    aria-label={valueLabel(draft.kind, person.name, draft.currency)}
                    inputMode={draft.kind === 'shares' ? 'numeric' : 'decimal'}
                    value={entry.value}
                    onChange={(event) => setEntry(person._id, { value: event.target.value })}
                    className={clsx(FIELD_CLASS, 'w-28 text-right')}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {left && (
        <p
          aria-live="polite"
          className={clsx(
            'text-sm font-medium',
            left.left === 0 && left.readable
              ? 'text-emerald-800 dark:text-emerald-300'
              : 'text-amber-800 dark:text-amber-300',
          )}
        >
          {left.left === 0 && left.readable
            ? t`All assigned`
            : left.left < 0
              ? t`Too much assigned: ${ph({ value: left.text.replace(/^-/, '') })}`
              : t`Left to assign: ${ph({ text: left.text })}`}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
