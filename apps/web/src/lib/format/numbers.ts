/** Numbers in the active locale (decision 029): '1,234', '12.5%'. */
import { activeLocale } from '../i18n/active-locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** A number formatter of the active locale for these options, built on first use. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const { intl } = activeLocale();
  const key = `${intl}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intl, options);
    formats.set(key, format);
  }
  return format;
}

/** '1,234' (at most three decimals unless told otherwise). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** A share of 100 with up to two decimals: 12.5 → '12.5%' ('12,5 %' in German). */
export function formatPercent(value: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}
