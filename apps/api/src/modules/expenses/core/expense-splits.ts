/**
 * How an expense is shared (issue 24). Four ways, each a list of people with a value:
 * - `equal`: every person the same (values ignored);
 * - `shares`: whole shares (1–1000 each), e.g. 2 : 1 : 1;
 * - `percent`: percentages with at most two decimals, adding up to 100;
 * - `exact`: amounts in the expense's currency, adding up to its amount.
 * Each becomes integer weights; the amount is split in the expense's currency and its converted
 * total in the base currency, both by `allocate` (largest remainder, people in user-id order), so
 * every part is exact and nothing is lost or made up.
 */
import { toMinorUnits } from '@tripcrew/contracts/currencies';
import { allocate } from './money.ts';

export type SplitKind = 'equal' | 'shares' | 'percent' | 'exact';

export interface SplitPerson {
  userId: string;
  /** shares: a whole number; percent: "33.33"; exact: "12.50" (the expense's currency). */
  value?: string | undefined;
}

export interface Share {
  userId: string;
  /** The person's part in the expense's currency (minor units). */
  shareMinor: number;
  /** The person's part in the trip's base currency (minor units). */
  shareBaseMinor: number;
}

export type SplitResult = { ok: true; shares: Share[] } | { ok: false; message: string };

const WHOLE = /^\d{1,4}$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

function weightsOf(
  kind: SplitKind,
  people: readonly SplitPerson[],
  amountMinor: number,
  currency: string,
): bigint[] | string {
  if (kind === 'equal') return people.map(() => 1n);
  if (kind === 'shares') {
    const weights: bigint[] = [];
    for (const person of people) {
      const value = person.value?.trim() ?? '';
      if (!WHOLE.test(value) || Number(value) < 1 || Number(value) > 1000)
        return 'Each share is a whole number from 1 to 1000';
      weights.push(BigInt(value));
    }
    return weights;
  }
  if (kind === 'percent') {
    const weights: bigint[] = [];
    for (const person of people) {
      const match = PERCENT.exec(person.value?.trim() ?? '');
      if (!match) return 'Each percentage is a number with at most two decimals, like 33.33';
      const [, whole = '0', fraction = ''] = match;
      weights.push(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
    }
    const total = weights.reduce((a, b) => a + b, 0n);
    if (total !== 10000n) return `The percentages add up to ${Number(total) / 100} %, not 100 %`;
    if (weights.some((weight) => weight === 0n)) return 'Every person in the split has a percentage above 0';
    return weights;
  }
  const weights: bigint[] = [];
  for (const person of people) {
    const minor = toMinorUnits(person.value ?? '', currency);
    if (minor === null) return `Each part is an amount in ${currency}, like 12.50`;
    weights.push(BigInt(minor));
  }
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total !== BigInt(amountMinor)) return `The parts add up to a different amount than the expense`;
  if (weights.some((weight) => weight === 0n)) return 'Every person in the split has a part above 0';
  return weights;
}

/**
 * The parts of `amountMinor` (in `currency`) and of its base-currency total `baseMinor`, for
 * `people` (sorted by the caller in the documented order, no duplicates).
 */
export function splitExpense(input: {
  kind: SplitKind;
  people: readonly SplitPerson[];
  amountMinor: number;
  baseMinor: number;
  currency: string;
}): SplitResult {
  const { kind, people, amountMinor, baseMinor, currency } = input;
  if (people.length === 0) return { ok: false, message: 'Choose at least one person to share the expense' };
  const weights = weightsOf(kind, people, amountMinor, currency);
  if (typeof weights === 'string') return { ok: false, message: weights };
  const parts = allocate(amountMinor, weights);
  const baseParts = allocate(baseMinor, weights);
  return {
    ok: true,
    shares: people.map((person, index) => ({
      userId: person.userId,
      shareMinor: parts[index] ?? 0,
      shareBaseMinor: baseParts[index] ?? 0,
    })),
  };
}
