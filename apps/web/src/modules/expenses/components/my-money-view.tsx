import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { ArrowRightLeft } from 'lucide-react';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { formatLongDate } from '../../../lib/format/date-words.ts';
import { formatAmountText, formatMoney } from '../../../lib/format/money.ts';
import type { Expense } from '../api/expense-list.ts';
import { isForbidden } from '../api/expense-money-query.ts';
import { type MyMoney, useMyMoney } from '../api/expense-my-money.ts';
import { settlementText } from './expense-list.tsx';
import { CARD_CLASS, HINT_CLASS } from './money-ui.ts';

/** "You owe €6.00" / "You are owed €6.00" / "You are settled up." */
export function myBalanceText(money: Pick<MyMoney, 'balanceMinor' | 'baseCurrency'>): string {
  const amount = formatMoney(Math.abs(money.balanceMinor), money.baseCurrency);
  if (money.balanceMinor < 0) return t`You owe ${amount}`;
  if (money.balanceMinor > 0) return t`You are owed ${amount}`;
  return t`You are settled up.`;
}

function MyEntry({ entry, userId }: { entry: Expense; userId: string }) {
  const settlement = entry.kind === 'settlement';
  const share = entry.split.people.find((person) => person._id === userId);
  const paidByMe = entry.paidBy._id === userId;
  return (
    <li className="flex items-start gap-3 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-700">
      {settlement && (
        <ArrowRightLeft
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0 font-medium break-words">
            {settlement ? settlementText(entry) : entry.title}
          </span>
          {!settlement && share && (
            <span className="font-semibold tabular-nums">
              {t`your share ${ph({ share: formatMoney(share.shareBaseMinor, entry.baseCurrency) })}`}
            </span>
          )}
        </div>
        <p className={HINT_CLASS}>
          {formatLongDate(entry.date)}
          {!settlement &&
            (paidByMe
              ? t` · you paid ${ph({ amount: formatAmountText(entry.amount, entry.currency) })}`
              : t` · paid by ${ph({ name: entry.paidBy.name })}, ${ph({ amount: formatAmountText(entry.amount, entry.currency) })} in all`)}
        </p>
      </div>
    </li>
  );
}

/**
 * The caller's own part of a trip's money, read-only (issue 35): their balance and the entries
 * they pay or share. Shown where the whole money is not theirs to see (a viewer or guest the admin
 * has not shared it with), and to someone who left the trip with money still open.
 */
export function MyMoneyView({
  tripId,
  userId,
  heading,
}: {
  tripId: string;
  userId: string;
  heading?: string;
}) {
  const money = useMyMoney(tripId);
  // Not theirs to read at all (a 403 would be an old server): the notice above says enough.
  if (money.isError && isForbidden(money.error)) return null;
  return (
    <section aria-labelledby={`my-money-${tripId}`} className={CARD_CLASS}>
      <h2 id={`my-money-${tripId}`} className="text-lg font-semibold">
        {heading ?? t`Your part`}
      </h2>
      {money.isPending && <EmojiLoader label={t`Loading your part…`} />}
      {money.isError && (
        <QueryError query={money} variant="plain" message={t`Your part could not be loaded.`} />
      )}
      {money.data && (
        <>
          <p
            className={clsx(
              'text-lg font-semibold tabular-nums',
              money.data.balanceMinor > 0 && 'text-emerald-800 dark:text-emerald-300',
              money.data.balanceMinor < 0 && 'text-red-700 dark:text-red-300',
            )}
          >
            {myBalanceText(money.data)}
          </p>
          {money.data.entries.length === 0 ? (
            <p className={HINT_CLASS}>
              <Trans>You are in no expense of this trip yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Your expenses and payments`} className="flex flex-col">
              {money.data.entries.map((entry) => (
                <MyEntry key={entry._id} entry={entry} userId={userId} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
