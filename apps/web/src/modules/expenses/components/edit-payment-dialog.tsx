import { Trans, useLingui } from '@lingui/react/macro';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type Balances, useBalances, useChangeSettlement } from '../api/expense-balances.ts';
import type { Expense } from '../api/expense-list.ts';
import { RequestError } from './money-form.tsx';
import { PaymentAmountField, type PaymentDialogProps, usePaymentAmount } from './payment-amount-field.tsx';
import { CheckedForm } from '../../../components/ui/checked-form.tsx';

/**
 * The most a recorded payment from `from` to `to` may become: what `from` owes and `to` is owed
 * once its own `oldMinor` is set aside (as the API decides); null while the balances are unknown.
 */
export function mostForPayment(
  balances: Balances | undefined,
  from: string,
  to: string,
  oldMinor: number,
): number | null {
  if (!balances) return null;
  const of = (id: string) => balances.balances.find((person) => person._id === id)?.balanceMinor ?? 0;
  return Math.max(0, Math.min(-(of(from) - oldMinor), of(to) + oldMinor));
}

/**
 * Corrects the amount of a recorded payment (issue 35): prefilled with it, at most what is owed
 * between the two. Saved, it closes with a notice; refused (more than owed, changed meanwhile), it
 * stays open with the reason.
 */
export function EditPaymentDialog({
  tripId,
  payment,
  online,
  onClose,
}: PaymentDialogProps & { payment: Expense }) {
  const { t } = useLingui();
  const change = useChangeSettlement(tripId);
  const balances = useBalances(tripId);
  const currency = payment.currency;
  const to = payment.split.people[0];
  const most = mostForPayment(balances.data, payment.paidBy._id, to?._id ?? '', payment.amountMinor);
  const mostText = formatMoney(most ?? 0, currency);
  const { parsed, problem, field } = usePaymentAmount(
    payment.amount,
    currency,
    most ?? Number.MAX_SAFE_INTEGER,
    {
      zero: t`The amount must be more than zero. To take the payment back, delete it.`,
      over: t`At most ${mostText}: more than that is not owed between the two.`,
    },
  );
  const from = payment.paidBy.name;
  const payee = to?.name ?? '';
  const unchanged = 'minor' in parsed && parsed.minor === payment.amountMinor;

  const save = () => {
    if (!('minor' in parsed) || unchanged) return;
    const amount = formatMoney(parsed.minor, currency);
    change.mutate(
      { id: payment._id, amount: fromMinorUnits(parsed.minor, currency), version: payment.version },
      {
        onSuccess: () => {
          toast.success(t`Changed: ${from} paid ${payee} ${amount}`, { toastId: 'money-payment-changed' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={t`Edit payment`} size="sm">
      <CheckedForm onSubmit={save}>
        <p>
          <Trans>
            {from} paid {payee}:
          </Trans>
        </p>
        <PaymentAmountField
          {...field}
          hint={most === null ? t`Checking what is owed…` : t`At most ${mostText}.`}
        />
        <RequestError error={change.error} fallback={t`The payment could not be changed.`} />
        <CancelActions onCancel={onClose}>
          <Button type="submit" disabled={!online || change.isPending || problem !== null || unchanged}>
            {change.isPending ? t`Saving…` : t`Save`}
          </Button>
        </CancelActions>
      </CheckedForm>
    </Dialog>
  );
}
