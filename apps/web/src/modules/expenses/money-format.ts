/** "1 JPY = 0.0062 EUR": what one unit of `currency` is worth in the base currency (amounts: lib/format/money.ts). */
export function rateHint(currency: string, rate: string, baseCurrency: string): string {
  return `1 ${currency} = ${rate} ${baseCurrency}`;
}
