import { CURRENCY_CODES } from '@tripcrew/contracts/currencies';
import type { SelectHTMLAttributes } from 'react';
import { FIELD_CLASS } from './money-ui.ts';

/** The ISO 4217 currencies, `first` on top (the trip's base currency). */
export function CurrencySelect({
  first,
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { first: string }) {
  return (
    <select className={className ?? FIELD_CLASS} {...rest}>
      <option value={first}>{first}</option>
      {CURRENCY_CODES.filter((code) => code !== first).map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}
