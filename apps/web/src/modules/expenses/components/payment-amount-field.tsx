import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { ERROR_CLASS, HINT_CLASS, LABEL_CLASS } from './money-ui.ts';

const AMOUNT_INPUT_CLASS =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-center text-2xl font-bold text-slate-900 tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

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
