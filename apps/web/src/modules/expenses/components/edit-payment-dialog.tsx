import { Trans, useLingui } from '@lingui/react/macro';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type Balances, useBalances, useChangeSettlement } from '../api/expense-balances.ts';
import type { Expense } from '../api/expense-list.ts';
import { ERROR_CLASS } from './money-ui.ts';
import { paymentAmount } from './record-payment-dialog.tsx';
import { PaymentAmountField } from './payment-amount-field.tsx';

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
}: {
  tripId: string;
  payment: Expense;
  online: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const change = useChangeSettlement(tripId);
  const balances = useBalances(tripId);
  const currency = payment.currency;
  const to = payment.split.people[0];
  const [typed, setTyped] = useState(payment.amount);
  const most = mostForPayment(balances.data, payment.paidBy._id, to?._id ?? '', payment.amountMinor);
  const parsed = paymentAmount(typed, currency, most ?? Number.MAX_SAFE_INTEGER);
  const mostText = formatMoney(most ?? 0, currency);
  const problem =
    'problem' in parsed
      ? {
          invalid: t`Write the amount as a number, such as 12.50.`,
          zero: t`The amount must be more than zero. To take the payment back, delete it.`,
          over: t`At most ${mostText}: more than that is not owed between the two.`,
        }[parsed.problem]
      : null;
  const from = payment.paidBy.name;
  const payee = to?.name ?? '';
  const unchanged = 'minor' in parsed && parsed.minor === payment.amountMinor;

  const save = (event: FormEvent) => {
    event.preventDefault();
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
  const error = change.error
    ? change.error instanceof Error
      ? change.error.message
      : t`The payment could not be changed.`
    : null;

  return (
    <Dialog open onClose={onClose} title={t`Edit payment`} size="sm">
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        <p>
          <Trans>
            {from} paid {payee}:
          </Trans>
        </p>
        <PaymentAmountField
          currency={currency}
          value={typed}
          onChange={setTyped}
          problem={problem}
          hint={most === null ? t`Checking what is owed…` : t`At most ${mostText}.`}
        />
        {error && (
          <p role="alert" className={ERROR_CLASS}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={!online || change.isPending || problem !== null || unchanged}>
            {change.isPending ? t`Saving…` : t`Save`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
