import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { formatAmountText, formatMoney } from '../../../lib/format/money.ts';
import type { Expense } from '../api/expense-list.ts';
import { isForbidden } from '../api/expense-money-query.ts';
import { type MyMoney, useMyMoney } from '../api/expense-my-money.ts';
import { MoneyEntryRow } from './money-entry-row.tsx';
import { CARD_CLASS, HINT_CLASS, settlementText } from './money-ui.ts';

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
    <MoneyEntryRow
      entry={entry}
      title={settlement ? settlementText(entry) : entry.title}
      amount={
        !settlement && share
          ? t`your share ${ph({ share: formatMoney(share.shareBaseMinor, entry.baseCurrency) })}`
          : null
      }
      details={
        !settlement &&
        (paidByMe
          ? t` · you paid ${ph({ amount: formatAmountText(entry.amount, entry.currency) })}`
          : t` · paid by ${ph({ name: entry.paidBy.name })}, ${ph({ amount: formatAmountText(entry.amount, entry.currency) })} in all`)
      }
    />
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
