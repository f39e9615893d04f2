/**
 * Money in the active locale (decision 029): amounts travel in minor units with their currency's
 * decimals (ISO 4217 exponent): 1250 EUR → '€12.50', 1200 JPY → '¥1,200', 1250 KWD → 'KWD 1.250'.
 */
import { CURRENCY_EXPONENTS } from '@tripcrew/contracts/currencies';
import { numberFormat } from './numbers.ts';

/** The number of decimals of a currency's amounts; 2 for an unknown code. */
export const decimalsOf = (currency: string): number => CURRENCY_EXPONENTS.get(currency) ?? 2;

const moneyFormat = (currency: string) => {
  const decimals = decimalsOf(currency);
  return numberFormat({
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
};

/** Minor units in their currency: formatMoney(1250, 'EUR') → '€12.50'. */
export function formatMoney(minor: number, currency: string): string {
  return moneyFormat(currency).format(minor / 10 ** decimalsOf(currency));
}

/** A decimal amount as text ('12.5') in its currency, like formatMoney; as written when no number. */
export function formatAmountText(amount: string, currency: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? moneyFormat(currency).format(value) : `${amount} ${currency}`;
}
