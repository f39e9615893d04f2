import { Trans, useLingui } from '@lingui/react/macro';
import { toMinorUnits } from '@tripcrew/contracts/currencies';
import { useId, useState } from 'react';
import { ERROR_CLASS, HINT_CLASS, LABEL_CLASS } from './money-ui.ts';

const AMOUNT_INPUT_CLASS =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-center text-2xl font-bold text-slate-900 tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

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

/** What both payment dialogs take, recording one or correcting it. */
export interface PaymentDialogProps {
  tripId: string;
  /** Off: the action waits for the network. */
  online: boolean;
  onClose: () => void;
}

/** What a payment dialog says of an amount of zero, and of one over the most it may be. */
interface AmountWords {
  zero: string;
  over: string;
}

/**
 * The amount typed in a payment dialog, starting at `initial`: what it means (paymentAmount, at
 * most `mostMinor`), while it cannot be sent why in words, and the props of its PaymentAmountField
 * but the hint.
 */
export function usePaymentAmount(initial: string, currency: string, mostMinor: number, words: AmountWords) {
  const { t } = useLingui();
  const [typed, setTyped] = useState(initial);
  const parsed = paymentAmount(typed, currency, mostMinor);
  const problem =
    'problem' in parsed
      ? { invalid: t`Write the amount as a number, such as 12.50.`, ...words }[parsed.problem]
      : null;
  const field: Omit<PaymentAmountFieldProps, 'hint'> = {
    currency,
    value: typed,
    onChange: setTyped,
    problem,
  };
  return { parsed, problem, field };
}

interface PaymentAmountFieldProps {
  currency: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the amount (shown as the hint, as an error), or null. */
  problem: string | null;
  /** What the hint says while the amount is fine. */
  hint: string;
}

/** The amount of a payment, recorded or corrected: a big number in the trip's currency, with its hint. */
export function PaymentAmountField({ currency, value, onChange, problem, hint }: PaymentAmountFieldProps) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={LABEL_CLASS}>
        <Trans>Amount ({currency})</Trans>
      </label>
      <input
        id={inputId}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={`${inputId}-hint`}
        className={AMOUNT_INPUT_CLASS}
      />
      <p id={`${inputId}-hint`} className={problem ? ERROR_CLASS : HINT_CLASS}>
        {problem ?? hint}
      </p>
    </div>
  );
}
