import { Trans, useLingui } from '@lingui/react/macro';
import { fromMinorUnits, toMinorUnits } from '@tripcrew/contracts/currencies';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type Balances, useRecordSettlement } from '../api/expense-balances.ts';
import { ERROR_CLASS, HINT_CLASS } from './money-ui.ts';
import { PaymentAmountField } from './payment-amount-field.tsx';

export type Transfer = Balances['transfers'][number];

/** Whether the caller records this transfer: who pays, who is paid, or an admin (as the API decides). */
export const mayRecordTransfer = (transfer: Transfer, currentUserId: string, isAdmin: boolean): boolean =>
  isAdmin || transfer.from._id === currentUserId || transfer.to._id === currentUserId;

/**
 * What a typed amount of a payment means: its minor units, or why it cannot be recorded. Part of
 * the suggested amount may be paid (issue 35); more than it may not, here.
 */
export function paymentAmount(
  value: string,
  currency: string,
  suggestedMinor: number,
): { minor: number } | { problem: 'invalid' | 'zero' | 'over' } {
  const minor = toMinorUnits(value, currency);
  if (minor === null) return { problem: 'invalid' };
  if (minor === 0) return { problem: 'zero' };
  if (minor > suggestedMinor) return { problem: 'over' };
  return { minor };
}

/**
 * The step before a suggested payment is recorded: who paid whom and how much, to confirm. The
 * amount starts at the suggested one and can be lowered for a part payment. Recorded, it closes
 * with a notice; refused, it stays open with the reason.
 */
export function RecordPaymentDialog({
  tripId,
  transfer,
  currency,
  online,
  onClose,
}: {
  tripId: string;
  transfer: Transfer;
  currency: string;
  online: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const settle = useRecordSettlement(tripId);
  const [typed, setTyped] = useState(() => fromMinorUnits(transfer.amountMinor, currency));
  const parsed = paymentAmount(typed, currency, transfer.amountMinor);
  const suggested = formatMoney(transfer.amountMinor, currency);
  const amount = 'minor' in parsed ? formatMoney(parsed.minor, currency) : suggested;
  const partial = 'minor' in parsed && parsed.minor < transfer.amountMinor;
  const problem =
    'problem' in parsed
      ? {
          invalid: t`Write the amount as a number, such as 12.50.`,
          zero: t`The amount must be more than zero.`,
          over: t`At most ${suggested}: that settles the whole debt.`,
        }[parsed.problem]
      : null;
  const from = transfer.from.name;
  const to = transfer.to.name;
  const record = () => {
    if (!('minor' in parsed)) return;
    settle.mutate(
      {
        from: transfer.from._id,
        to: transfer.to._id,
        amount: fromMinorUnits(parsed.minor, currency),
      },
      {
        onSuccess: () => {
          toast.success(t`Recorded: ${from} paid ${to} ${amount}`, { toastId: 'money-settled' });
          onClose();
        },
      },
    );
  };
  const error = settle.error
    ? settle.error instanceof Error
      ? settle.error.message
      : t`It could not be recorded.`
    : null;

  return (
    <Dialog open onClose={onClose} title={t`Record payment`} size="sm">
      <div className="flex flex-col gap-4">
        <p>
          <Trans>
            Record that {from} paid {to}:
          </Trans>
        </p>
        <PaymentAmountField
          currency={currency}
          value={typed}
          onChange={setTyped}
          problem={problem}
          hint={
            partial
              ? t`A part payment: ${suggested} was suggested; the rest stays owed.`
              : t`The whole suggested amount. Lower it for a part payment.`
          }
        />
        <p className={HINT_CLASS}>
          <Trans>Record it once the money has changed hands. It settles this amount between the two.</Trans>
        </p>
        {error && (
          <p role="alert" className={ERROR_CLASS}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={!online || settle.isPending || problem !== null} onClick={record}>
            {settle.isPending ? t`Recording…` : t`Record ${amount}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
