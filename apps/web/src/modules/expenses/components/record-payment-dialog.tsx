import { Trans, useLingui } from '@lingui/react/macro';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type Balances, useRecordSettlement } from '../api/expense-balances.ts';
import { RequestError } from './money-form.tsx';
import { HINT_CLASS } from './money-ui.ts';
import { PaymentAmountField, type PaymentDialogProps, usePaymentAmount } from './payment-amount-field.tsx';

export type Transfer = Balances['transfers'][number];

/** Whether the caller records this transfer: who pays, who is paid, or an admin (as the API decides). */
export const mayRecordTransfer = (transfer: Transfer, currentUserId: string, isAdmin: boolean): boolean =>
  isAdmin || transfer.from._id === currentUserId || transfer.to._id === currentUserId;

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
}: PaymentDialogProps & { transfer: Transfer; currency: string }) {
  const { t } = useLingui();
  const settle = useRecordSettlement(tripId);
  const suggested = formatMoney(transfer.amountMinor, currency);
  const { parsed, problem, field } = usePaymentAmount(
    fromMinorUnits(transfer.amountMinor, currency),
    currency,
    transfer.amountMinor,
    {
      zero: t`The amount must be more than zero.`,
      over: t`At most ${suggested}: that settles the whole debt.`,
    },
  );
  const amount = 'minor' in parsed ? formatMoney(parsed.minor, currency) : suggested;
  const partial = 'minor' in parsed && parsed.minor < transfer.amountMinor;
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

  return (
    <Dialog open onClose={onClose} title={t`Record payment`} size="sm">
      <div className="flex flex-col gap-4">
        <p>
          <Trans>
            Record that {from} paid {to}:
          </Trans>
        </p>
        <PaymentAmountField
          {...field}
          hint={
            partial
              ? t`A part payment: ${suggested} was suggested; the rest stays owed.`
              : t`The whole suggested amount. Lower it for a part payment.`
          }
        />
        <p className={HINT_CLASS}>
          <Trans>Record it once the money has changed hands. It settles this amount between the two.</Trans>
        </p>
        <RequestError error={settle.error} fallback={t`It could not be recorded.`} />
        <CancelActions onCancel={onClose}>
          <Button disabled={!online || settle.isPending || problem !== null} onClick={record}>
            {settle.isPending ? t`Recording…` : t`Record ${amount}`}
          </Button>
        </CancelActions>
      </div>
    </Dialog>
  );
}
