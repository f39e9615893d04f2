/**
 * ISO 4217 currencies in circulation, each with its minor-unit exponent (the number of decimals
 * of its amounts): JPY 0, EUR 2, KWD 3. Amounts are kept as integers in minor units (cents,
 * fils …); a request's decimal amount may not have more decimals than its currency's exponent.
 * Data only (no zod): the web app's money formatting reads it without loading the schemas.
 */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD ' +
  'CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS ' +
  'GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD ' +
  'LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB ' +
  'PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP ' +
  'SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG';

const table = (codes: string, exponent: number): [string, number][] =>
  codes.split(' ').map((code) => [code, exponent]);

/** Currency code → exponent (minor-unit decimals). */
export const CURRENCY_EXPONENTS: ReadonlyMap<string, number> = new Map([
  ...table(EXPONENT_0, 0),
  ...table(EXPONENT_2, 2),
  ...table(EXPONENT_3, 3),
  ...table(EXPONENT_4, 4),
]);

/** Every known currency code, sorted. */
export const CURRENCY_CODES: readonly string[] = [...CURRENCY_EXPONENTS.keys()].sort();

export const DEFAULT_BASE_CURRENCY = 'EUR';

export function isCurrencyCode(code: string): boolean {
  return CURRENCY_EXPONENTS.has(code);
}

/** The exponent of `code`; throws for an unknown code (validate with isCurrencyCode first). */
export function currencyExponent(code: string): number {
  const exponent = CURRENCY_EXPONENTS.get(code);
  if (exponent === undefined) throw new Error(`Unknown currency ${code}`);
  return exponent;
}

/**
 * The largest amount an expense may have, in minor units of its currency or of the trip's base
 * (10^12: ten billion euros). It keeps every sum of a trip's money far below 2^53, where
 * JavaScript numbers stop being exact.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/**
 * "12.5" in EUR → 1250. Null when `value` is not a plain non-negative decimal ("1e3", "-2",
 * "1,50"), has more decimals than the currency allows or is above MAX_AMOUNT_MINOR. Exact: no
 * floating point.
 */
export function toMinorUnits(value: string, code: string): number | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const exponent = currencyExponent(code);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  if (minor > BigInt(MAX_AMOUNT_MINOR)) return null;
  return Number(minor);
}

/** 1250 in EUR → "12.50"; -5 in JPY → "-5". The inverse of toMinorUnits. */
export function fromMinorUnits(minor: number, code: string): string {
  const exponent = currencyExponent(code);
  const negative = minor < 0;
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
