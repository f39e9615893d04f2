import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import clsx from 'clsx';
import { Download } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useBalances, useRecordSettlement } from '../api/expense-balances.ts';
import { downloadMoneyCsv, type MoneyCsv } from '../api/download-money-csv.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { CARD_CLASS, HINT_CLASS, NEEDS_NETWORK } from './money-ui.ts';

function balanceText(minor: number, currency: string): string {
  if (minor > 0) return `is owed ${formatMoney(minor, currency)}`;
  if (minor < 0) return `owes ${formatMoney(-minor, currency)}`;
  return 'is settled';
}

const download = (tripId: string, which: MoneyCsv) =>
  downloadMoneyCsv(tripId, which).catch((error: unknown) =>
    toast.error(error instanceof Error ? error.message : 'The file could not be downloaded.', {
      toastId: `money-csv-${which}`,
    }),
  );

/** Everyone's balance (owed / owes, in words and colour), the suggested transfers and the CSV downloads. */
export function BalancesView({
  tripId,
  canAdd,
  online,
}: {
  tripId: string;
  canAdd: boolean;
  online: boolean;
}) {
  const balances = useBalances(tripId);
  const settle = useRecordSettlement(tripId);

  return (
    <section aria-labelledby="balances-title" className={CARD_CLASS}>
      <h2 id="balances-title" className="text-lg font-semibold">
        Balances
      </h2>
      {balances.isPending && <EmojiLoader label="Loading the balances…" />}
      {balances.isError && (
        <QueryError query={balances} variant="plain" message="The balances could not be loaded." />
      )}
      {balances.data && (
        <>
          {balances.data.balances.length === 0 ? (
            <p className={HINT_CLASS}>Nobody owes anybody yet.</p>
          ) : (
            <ul aria-label="Balances" className="flex flex-col gap-1">
              {balances.data.balances.map((person) => (
                <li
                  key={person._id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
                >
                  <span className="font-medium">{person.name}</span>
                  <span
                    className={clsx(
                      'tabular-nums',
                      person.balanceMinor > 0 && 'font-semibold text-emerald-800 dark:text-emerald-300',
                      person.balanceMinor < 0 && 'font-semibold text-red-700 dark:text-red-300',
                    )}
                  >
                    {balanceText(person.balanceMinor, balances.data.baseCurrency)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">Settle up</h3>
            {balances.data.transfers.length === 0 ? (
              <p className={HINT_CLASS}>Everyone is settled up.</p>
            ) : (
              <ul aria-label="Suggested payments" className="flex flex-col gap-2">
                {balances.data.transfers.map((transfer) => {
                  const currency = balances.data.baseCurrency;
                  const text = `${transfer.from.name} pays ${transfer.to.name} ${formatMoney(transfer.amountMinor, currency)}`;
                  return (
                    <li
                      key={`${transfer.from._id}-${transfer.to._id}`}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800"
                    >
                      <span>{text}</span>
                      {canAdd && (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Record payment: ${text}`}
                          disabled={!online || settle.isPending}
                          onClick={() =>
                            settle.mutate(
                              {
                                from: transfer.from._id,
                                to: transfer.to._id,
                                amount: fromMinorUnits(transfer.amountMinor, currency),
                              },
                              {
                                onSuccess: () =>
                                  toast.success(`Recorded: ${text}`, { toastId: 'money-settled' }),
                                onError: (error) =>
                                  toast.error(
                                    error instanceof Error ? error.message : 'It could not be recorded.',
                                    {
                                      toastId: 'money-settle-error',
                                    },
                                  ),
                              },
                            )
                          }
                        >
                          Record payment
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {canAdd && !online && balances.data.transfers.length > 0 && (
              <p className={HINT_CLASS}>{NEEDS_NETWORK}</p>
            )}
          </div>
        </>
      )}
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button
          variant="secondary"
          size="sm"
          disabled={!online}
          onClick={() => void download(tripId, 'expenses')}
        >
          <Download aria-hidden="true" className="size-4" />
          Expenses (CSV)
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!online}
          onClick={() => void download(tripId, 'balances')}
        >
          <Download aria-hidden="true" className="size-4" />
          Balances (CSV)
        </Button>
      </div>
    </section>
  );
}
