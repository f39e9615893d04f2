import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useBalances } from '../api/expense-balances.ts';
import { downloadMoneyCsv, type MoneyCsv } from '../api/download-money-csv.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { CARD_CLASS, HINT_CLASS, NEEDS_NETWORK } from './money-ui.ts';
import { mayRecordTransfer, RecordPaymentDialog, type Transfer } from './record-payment-dialog.tsx';

function balanceText(minor: number, currency: string): string {
  const amount = formatMoney(Math.abs(minor), currency);
  if (minor > 0) return t`is owed ${amount}`;
  if (minor < 0) return t`owes ${amount}`;
  return t`is settled`;
}

const download = (tripId: string, which: MoneyCsv) =>
  downloadMoneyCsv(tripId, which).catch((error: unknown) =>
    toast.error(error instanceof Error ? error.message : t`The file could not be downloaded.`, {
      toastId: `money-csv-${which}`,
    }),
  );

/** Everyone's balance (owed / owes, in words and colour), the suggested transfers and the CSV downloads. */
/** A button that downloads one of the money CSV files. */
function CsvButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" size="sm" disabled={disabled} onClick={onClick}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

export function BalancesView({
  tripId,
  canAdd,
  online,
  currentUserId,
  isAdmin,
}: {
  tripId: string;
  canAdd: boolean;
  online: boolean;
  currentUserId: string;
  /** An admin records any suggested payment; everyone else those they pay or receive. */
  isAdmin: boolean;
}) {
  const balances = useBalances(tripId);
  const [confirming, setConfirming] = useState<Transfer | null>(null);
  const mayRecord = (transfer: Transfer) => canAdd && mayRecordTransfer(transfer, currentUserId, isAdmin);

  return (
    <section aria-labelledby="balances-title" className={CARD_CLASS}>
      <h2 id="balances-title" className="text-lg font-semibold">
        <Trans>Balances</Trans>
      </h2>
      {balances.isPending && <EmojiLoader label={t`Loading the balances…`} />}
      {balances.isError && (
        <QueryError query={balances} variant="plain" message={t`The balances could not be loaded.`} />
      )}
      {balances.data && (
        <>
          {balances.data.balances.length === 0 ? (
            <p className={HINT_CLASS}>
              <Trans>Nobody owes anybody yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Balances`} className="flex flex-col gap-1">
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
            <h3 className="font-semibold">
              <Trans>Settle up</Trans>
            </h3>
            {balances.data.transfers.length === 0 ? (
              <p className={HINT_CLASS}>
                <Trans>Everyone is settled up.</Trans>
              </p>
            ) : (
              <ul aria-label={t`Suggested payments`} className="flex flex-col gap-2">
                {balances.data.transfers.map((transfer) => {
                  const currency = balances.data.baseCurrency;
                  const payer = transfer.from.name;
                  const payee = transfer.to.name;
                  const amount = formatMoney(transfer.amountMinor, currency);
                  const text = t`${payer} pays ${payee} ${amount}`;
                  return (
                    <li
                      key={`${transfer.from._id}-${transfer.to._id}`}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800"
                    >
                      <span>{text}</span>
                      {mayRecord(transfer) && (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={t`Record payment: ${text}`}
                          disabled={!online}
                          onClick={() => setConfirming(transfer)}
                        >
                          <Trans>Record payment</Trans>
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {canAdd && balances.data.transfers.some((transfer) => !mayRecord(transfer)) && (
              <p className={HINT_CLASS}>
                <Trans>A payment is recorded by who pays, who is paid, or an admin of the trip.</Trans>
              </p>
            )}
            {balances.data.transfers.some(mayRecord) && !online && (
              <p className={HINT_CLASS}>{i18n._(NEEDS_NETWORK)}</p>
            )}
          </div>
        </>
      )}
      {confirming && balances.data && (
        <RecordPaymentDialog
          tripId={tripId}
          transfer={confirming}
          currency={balances.data.baseCurrency}
          online={online}
          onClose={() => setConfirming(null)}
        />
      )}
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <CsvButton disabled={!online} onClick={() => void download(tripId, 'expenses')}>
          <Trans>Expenses (CSV)</Trans>
        </CsvButton>
        <CsvButton disabled={!online} onClick={() => void download(tripId, 'balances')}>
          <Trans>Balances (CSV)</Trans>
        </CsvButton>
      </div>
    </section>
  );
}
