import { ArrowRightLeft } from 'lucide-react';
import clsx from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatLongDate } from '../../../lib/format/date-words.ts';
import type { Expense } from '../api/expense-list.ts';
import { HINT_CLASS } from './money-ui.ts';

interface MoneyEntryRowProps {
  entry: Expense;
  /** What the entry is: its title, or who paid whom. */
  title: ReactNode;
  /** The amount at the end of the title's line; none, nothing there. */
  amount?: ReactNode;
  /** What the line below says after the date. */
  details: ReactNode;
  /** A line under the details (the booking an expense was made from). */
  note?: ReactNode;
  /** The entry someone came to see (a link from elsewhere): brought into view and marked. */
  highlighted?: boolean;
  /** Buttons at the end of the row. */
  children?: ReactNode;
}

/**
 * One expense or payment of a list of money: a payment's arrow, the title and its amount, the date
 * and details below them, then any buttons.
 */
export function MoneyEntryRow({
  entry,
  title,
  amount,
  details,
  note,
  highlighted = false,
  children,
}: MoneyEntryRowProps) {
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <li
      ref={row}
      aria-current={highlighted ? 'true' : undefined}
      className={clsx(
        'flex items-start gap-3 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-700',
        highlighted && '-mx-2 rounded-xl bg-brand-50 px-2 dark:bg-brand-950',
      )}
    >
      {entry.kind === 'settlement' && (
        <ArrowRightLeft
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0 font-medium break-words">{title}</span>
          {amount ? <span className="font-semibold tabular-nums">{amount}</span> : null}
        </div>
        <p className={HINT_CLASS}>
          {formatLongDate(entry.date)}
          {details}
        </p>
        {note}
      </div>
      {children}
    </li>
  );
}
