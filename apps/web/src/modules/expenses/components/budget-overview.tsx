import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { type ReactNode, useState } from 'react';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate } from '../../../lib/format/date-words.ts';
import { type Budget, useUpdateBudget } from '../api/expense-budget.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { BudgetSettingsDialog } from './budget-settings-dialog.tsx';
import { CARD_CLASS, CATEGORY_LABELS, HINT_CLASS } from './money-ui.ts';

/** A bar of `value` against `max` (decoration: the text beside it says the same). */
function Bar({ value, max, over = false }: { value: number; max: number; over?: boolean }) {
  const width = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      aria-hidden="true"
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className={clsx(
          'h-full rounded-full',
          over ? 'bg-red-600 dark:bg-red-400' : 'bg-brand-600 dark:bg-brand-400',
        )}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

/** One part of the breakdown: a heading over its list or table. */
function BudgetPart({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function PlannedAgainstSpent({
  label,
  planned,
  spent,
  currency,
  scale,
}: {
  label: string;
  planned: number | null;
  spent: number;
  currency: string;
  /** What the bar measures against without a plan (the total spent); none: no bar. */
  scale?: number;
}) {
  const { t } = useLingui();
  const over = planned !== null && spent > planned;
  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className={clsx(over && 'font-semibold text-red-700 dark:text-red-300')}>
          {formatMoney(spent, currency)}
          {planned !== null && t` of ${ph({ planned: formatMoney(planned, currency) })}`}
          {over && t` (over budget)`}
        </span>
      </div>
      {(planned !== null || scale !== undefined) && (
        <Bar value={spent} max={planned ?? scale ?? 0} over={over} />
      )}
    </li>
  );
}

/** The budget: planned against spent in total and per category, spending per day and per member. */
export function BudgetOverview({
  tripId,
  budget,
  online,
}: {
  tripId: string;
  budget: Budget;
  online: boolean;
}) {
  const { t } = useLingui();
  const currency = budget.baseCurrency;
  const update = useUpdateBudget(tripId);
  const [editing, setEditing] = useState(false);
  const categories = budget.categories.filter((c) => c.plannedMinor !== null || c.spentMinor > 0);
  const maxDay = Math.max(0, ...budget.perDay.map((day) => day.spentMinor));

  return (
    <section aria-labelledby="budget-title" className={CARD_CLASS}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="budget-title" className="text-lg font-semibold">
          <Trans>Budget</Trans>{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            <Trans>in {currency}</Trans>
          </span>
        </h2>
        {budget.canManage && (
          <Button variant="secondary" size="sm" disabled={!online} onClick={() => setEditing(true)}>
            <Trans>Edit budget</Trans>
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-3">
        <PlannedAgainstSpent
          label={t`Total`}
          planned={budget.plannedMinor}
          spent={budget.spentMinor}
          currency={currency}
        />
      </ul>
      {budget.plannedMinor === null && (
        <p className={HINT_CLASS}>
          <Trans>No total planned yet.</Trans>
        </p>
      )}
      {categories.length > 0 && (
        <BudgetPart title={<Trans>Per category</Trans>}>
          <ul className="flex flex-col gap-3">
            {categories.map((c) => (
              <PlannedAgainstSpent
                key={c.category}
                label={i18n._(CATEGORY_LABELS[c.category])}
                planned={c.plannedMinor}
                spent={c.spentMinor}
                currency={currency}
                scale={budget.spentMinor}
              />
            ))}
          </ul>
        </BudgetPart>
      )}
      {budget.perDay.length > 0 && (
        <BudgetPart title={<Trans>Per day</Trans>}>
          <ul className="flex flex-col gap-2">
            {budget.perDay.map((day) => (
              <li key={day.date} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-3 text-sm">
                <span>{formatLongDate(day.date)}</span>
                <Bar value={day.spentMinor} max={maxDay} />
                <span className="tabular-nums">{formatMoney(day.spentMinor, currency)}</span>
              </li>
            ))}
          </ul>
        </BudgetPart>
      )}
      {budget.perMember.length > 0 && (
        <BudgetPart title={<Trans>Per person</Trans>}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-300">
                <th scope="col" className="py-1 font-medium">
                  <Trans>Person</Trans>
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  <Trans>Paid</Trans>
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  <Trans>Share</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {budget.perMember.map((person) => (
                <tr key={person._id} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {person.name}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {formatMoney(person.paidMinor, currency)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">
                    {formatMoney(person.shareMinor, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </BudgetPart>
      )}
      {budget.canManage && (
        <label className="flex cursor-pointer items-start justify-between gap-4 border-t border-slate-200 pt-3 dark:border-slate-700">
          <span className="flex flex-col">
            <span className="font-medium">
              <Trans>Guests and viewers see the money</Trans>
            </span>
            <span className={HINT_CLASS}>
              <Trans>Members, drivers and guides always do.</Trans>
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={budget.visibleToGuests}
            disabled={!online || update.isPending}
            onChange={(event) =>
              update.mutate(
                { visibleToGuests: event.target.checked, version: budget.version },
                {
                  onError: (error) =>
                    toast.error(error instanceof Error ? error.message : t`The setting could not be saved.`, {
                      toastId: 'money-visibility',
                    }),
                },
              )
            }
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
        </label>
      )}
      {editing && <BudgetSettingsDialog tripId={tripId} budget={budget} onClose={() => setEditing(false)} />}
    </section>
  );
}
