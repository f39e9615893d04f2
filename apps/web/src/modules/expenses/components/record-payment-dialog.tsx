import { Trans, useLingui } from '@lingui/react/macro';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type Balances, useRecordSettlement } from '../api/expense-balances.ts';
import { ERROR_CLASS, HINT_CLASS } from './money-ui.ts';

export type Transfer = Balances['transfers'][number];

/** Whether the caller records this transfer: who pays, who is paid, or an admin (as the API decides). */
export const mayRecordTransfer = (transfer: Transfer, currentUserId: string, isAdmin: boolean): boolean =>
  isAdmin || transfer.from._id === currentUserId || transfer.to._id === currentUserId;

/**
 * The step before a suggested payment is recorded: who paid whom and how much, to confirm.
 * Recorded, it closes with a notice; refused, it stays open with the reason.
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
  const amount = formatMoney(transfer.amountMinor, currency);
  const from = transfer.from.name;
  const to = transfer.to.name;
  const record = () =>
    settle.mutate(
      {
        from: transfer.from._id,
        to: transfer.to._id,
        amount: fromMinorUnits(transfer.amountMinor, currency),
      },
      {
        onSuccess: () => {
          toast.success(t`Recorded: ${from} paid ${to} ${amount}`, { toastId: 'money-settled' });
          onClose();
        },
      },
    );
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
        <p className="text-center text-3xl font-bold tabular-nums">{amount}</p>
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
          <Button disabled={!online || settle.isPending} onClick={record}>
            {settle.isPending ? t`Recording…` : t`Record ${amount}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
