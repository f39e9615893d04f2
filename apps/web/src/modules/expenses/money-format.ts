import { CURRENCY_EXPONENTS } from '@tripcrew/contracts/currencies';
import { APP_LOCALE } from '../../lib/dates.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** The number of decimals of a currency's amounts (ISO 4217 exponent); 2 for an unknown code. */
export const decimalsOf = (currency: string): number => CURRENCY_EXPONENTS.get(currency) ?? 2;

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const decimals = decimalsOf(currency);
    formatter = new Intl.NumberFormat(APP_LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** 1250 EUR → "€12.50", 1200 JPY → "¥1,200", 1250 KWD → "KWD 1.250": minor units with the currency's decimals. */
export function formatMoney(minor: number, currency: string): string {
  return formatterFor(currency).format(minor / 10 ** decimalsOf(currency));
}

/** A decimal amount as text ("12.5") in its currency, formatted like formatMoney. */
export function formatAmountText(amount: string, currency: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? formatterFor(currency).format(value) : `${amount} ${currency}`;
}

/** "1 JPY = 0.0062 EUR": what one unit of `currency` is worth in the base currency. */
export function rateHint(currency: string, rate: string, baseCurrency: string): string {
  return `1 ${currency} = ${rate} ${baseCurrency}`;
}
