/**
 * Exact money arithmetic (issue 24): integers in minor units, BigInt for products, no floating
 * point. Rounding happens in two documented places only:
 * 1. converting an expense to the trip's base currency (`convertToBase`): once per expense, half
 *    away from zero, on the expense's total;
 * 2. splitting a total among people (`allocate`): largest remainder, so the parts always add up to
 *    the total exactly; a remainder unit goes to the largest fractional part, ties to the earlier
 *    person in the order given (the service passes people sorted by user id).
 */
import { currencyExponent } from '@tripcrew/contracts/currencies';

/** A positive decimal rate ("0.0062", "1", "157.25"): at most 12 decimals, 9 whole digits. */
const RATE = /^(\d{1,9})(?:\.(\d{1,12}))?$/;

export interface Rate {
  /** The rate times `scale`. */
  units: bigint;
  scale: bigint;
}

/** "0.0062" → { units: 62n, scale: 10000n }; null when not a positive decimal. */
export function parseRate(value: string): Rate | null {
  const match = RATE.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  if (units === 0n) return null;
  return { units, scale: 10n ** BigInt(fraction.length) };
}

/** The shortest decimal text of a rate ("1.50" → "1.5"). */
export function formatRate(rate: Rate): string {
  const digits = rate.scale.toString().length - 1;
  const text = rate.units.toString().padStart(digits + 1, '0');
  if (digits === 0) return text;
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/**
 * `amountMinor` of `from` in minor units of `base`, at `rate` (units of base per one unit of
 * `from`). The same currency converts at 1 whatever the rate says.
 */
export function convertToBase(amountMinor: number, from: string, base: string, rate: Rate): number {
  if (from === base) return amountMinor;
  const fromExponent = BigInt(currencyExponent(from));
  const baseExponent = BigInt(currencyExponent(base));
  const numerator = BigInt(amountMinor) * rate.units * 10n ** baseExponent;
  const denominator = rate.scale * 10n ** fromExponent;
  return Number(divideRounded(numerator, denominator));
}

/**
 * Splits `total` (minor units, ≥ 0) in proportion to `weights` (non-negative integers, not all
 * zero): the parts are integers that add up to `total` exactly (largest remainder; ties to the
 * earlier index).
 */
export function allocate(total: number, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new Error('allocate: the weights add up to nothing');
  const whole = BigInt(total);
  const parts = weights.map((weight) => (whole * weight) / sum);
  const remainders = weights.map((weight, index) => ({ index, rest: (whole * weight) % sum }));
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}
