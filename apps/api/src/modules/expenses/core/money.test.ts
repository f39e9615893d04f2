import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  currencyExponent,
  fromMinorUnits,
  MAX_AMOUNT_MINOR,
  toMinorUnits,
} from '@tripcrew/contracts/currencies';
import { type SplitKind, splitExpense } from './expense-splits.ts';
import { allocate, convertToBase, formatRate, parseRate } from './money.ts';
import { EXACT_LIMIT, settleUp, type Transfer } from '../balances/settle-up.ts';

const rate = (text: string) => {
  const parsed = parseRate(text);
  if (!parsed) throw new Error(`bad rate ${text}`);
  return parsed;
};

describe('money in minor units', () => {
  it('[MONEY-01] each currency keeps its ISO 4217 decimals: JPY 0, EUR 2, KWD 3', () => {
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('12.5', 'JPY')).toBeNull();
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('12.345', 'EUR')).toBeNull();
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
    for (const bad of ['-1', '1e3', '1,50', '', ' ', '.5', '0x10', 'NaN'])
      expect(toMinorUnits(bad, 'EUR')).toBeNull();
    expect(fromMinorUnits(1250, 'EUR')).toBe('12.50');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(-5, 'KWD')).toBe('-0.005');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
  });

  it('[MONEY-01] text and minor units convert both ways without loss, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (code, minor) => {
          expect(toMinorUnits(fromMinorUnits(minor, code), code)).toBe(minor);
        },
      ),
    );
  });

  it('[MONEY-02] a conversion rounds once, half away from zero', () => {
    // ¥1,000 at 0.0062 EUR per yen = 6.20 EUR.
    expect(convertToBase(1000, 'JPY', 'EUR', rate('0.0062'))).toBe(620);
    // 1 cent at 0.5 = half a cent → 1 (half away from zero); at 0.4 → 0.
    expect(convertToBase(1, 'USD', 'EUR', rate('0.5'))).toBe(1);
    expect(convertToBase(1, 'USD', 'EUR', rate('0.4'))).toBe(0);
    // 10.00 EUR at 161.23 yen per euro = ¥1,612.3 → ¥1,612.
    expect(convertToBase(1000, 'EUR', 'JPY', rate('161.23'))).toBe(1612);
    // 1.000 KWD at 3.01 EUR = 3.01 EUR.
    expect(convertToBase(1000, 'KWD', 'EUR', rate('3.01'))).toBe(301);
    expect(convertToBase(999, 'EUR', 'EUR', rate('2'))).toBe(999);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(formatRate(rate('1.500'))).toBe('1.5');
    expect(formatRate(rate('0.0062'))).toBe('0.0062');
  });

  it('[MONEY-02] allocation: the parts add up to the total, each within one unit of its exact share', () => {
    expect(allocate(100, [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(allocate(2, [1n, 1n, 1n])).toEqual([1, 1, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc
          .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 })
          .filter((w) => w.some((x) => x > 0)),
        (total, raw) => {
          const weights = raw.map(BigInt);
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = raw.reduce((a, b) => a + b, 0);
          parts.forEach((part, i) =>
            expect(Math.abs(part - (total * (raw[i] ?? 0)) / sum)).toBeLessThan(1.0001),
          );
        },
      ),
    );
  });
});

const members = ['u-a', 'u-b', 'u-c', 'u-d', 'u-e', 'u-f'];

const expenseArbitrary = fc.record({
  currency: fc.constantFrom('EUR', 'JPY', 'KWD', 'USD', 'GBP', 'CLF'),
  amount: fc.integer({ min: 1, max: 50_000_000 }),
  rate: fc
    .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
    .map(([units, decimals]) => {
      const text = units.toString().padStart(decimals + 1, '0');
      return decimals ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}` : text;
    }),
  payer: fc.constantFrom(...members),
  people: fc.subarray(members, { minLength: 1 }),
  kind: fc.constantFrom<SplitKind>('equal', 'shares', 'percent', 'exact'),
  seed: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 6, maxLength: 6 }),
});

/** Values for a split kind that are valid by construction (percent and exact add up). */
function valuesFor(
  kind: SplitKind,
  count: number,
  amount: number,
  seed: number[],
  currency: string,
): string[] {
  if (kind === 'shares') return seed.slice(0, count).map(String);
  if (kind === 'equal') return Array.from({ length: count }, () => '');
  const total = kind === 'percent' ? 10_000 : amount;
  if (total < count) return [];
  const weights = seed.slice(0, count).map(BigInt);
  // Every part at least one unit: one each, the rest split by the seed.
  const parts = allocate(total - count, weights).map((part) => part + 1);
  if (kind === 'percent') return parts.map((p) => fromMinorUnits(p, 'EUR'));
  return parts.map((p) => fromMinorUnits(p, currency));
}

describe('expenses, balances and settling up', () => {
  it('[MONEY-03] for random expenses, splits and currencies the balances add up to zero and no unit is lost', () => {
    fc.assert(
      fc.property(
        fc.array(expenseArbitrary, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        (expenses, base) => {
          const balances = new Map<string, number>();
          const add = (userId: string, amount: number) =>
            balances.set(userId, (balances.get(userId) ?? 0) + amount);
          for (const expense of expenses) {
            const people = [...expense.people].sort();
            const values = valuesFor(
              expense.kind,
              people.length,
              expense.amount,
              expense.seed,
              expense.currency,
            );
            if (values.length !== people.length) continue;
            const baseMinor = convertToBase(expense.amount, expense.currency, base, rate(expense.rate));
            // The service refuses such an expense (the same check): nothing to add up.
            if (baseMinor > MAX_AMOUNT_MINOR) continue;
            const result = splitExpense({
              kind: expense.kind,
              people: people.map((userId, i) => ({ userId, value: values[i] })),
              amountMinor: expense.amount,
              baseMinor,
              currency: expense.currency,
            });
            if (!result.ok) throw new Error(result.message);
            expect(result.shares.reduce((a, s) => a + s.shareMinor, 0)).toBe(expense.amount);
            expect(result.shares.reduce((a, s) => a + s.shareBaseMinor, 0)).toBe(baseMinor);
            if (expense.kind === 'exact')
              expect(result.shares.map((s) => fromMinorUnits(s.shareMinor, expense.currency))).toEqual(
                values,
              );
            add(expense.payer, baseMinor);
            for (const share of result.shares) add(share.userId, -share.shareBaseMinor);
          }
          expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
          const transfers = settleUp(balances);
          expectSettled(balances, transfers);
        },
      ),
    );
  });

  it('[MONEY-03] a split that does not add up is refused with the reason', () => {
    const people = [
      { userId: 'u-a', value: '50' },
      { userId: 'u-b', value: '49.99' },
    ];
    const split = (kind: SplitKind, list = people) =>
      splitExpense({ kind, people: list, amountMinor: 10_000, baseMinor: 10_000, currency: 'EUR' });
    expect(split('percent')).toEqual({ ok: false, message: 'The percentages add up to 99.99 %, not 100 %' });
    expect(split('exact')).toMatchObject({
      ok: false,
      message: 'The parts add up to a different amount than the expense',
    });
    expect(
      split('exact', [
        { userId: 'u-a', value: '50.001' },
        { userId: 'u-b', value: '50' },
      ]),
    ).toMatchObject({ ok: false });
    expect(split('shares', [{ userId: 'u-a', value: '0' }])).toMatchObject({ ok: false });
    expect(split('equal', [])).toMatchObject({ ok: false });
  });

  it('[MONEY-04] settling up: every balance settles exactly, in at most people − 1 transfers, the fewest possible', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 1, maxLength: 7 }), (raw) => {
        const balances = new Map(raw.map((amount, i) => [`u-${i}`, amount]));
        // Make them add up to zero through a last person.
        balances.set('u-last', 0 - raw.reduce((a, b) => a + b, 0));
        const transfers = settleUp(balances);
        expectSettled(balances, transfers);
        expect(transfers.length).toBe(fewestTransfers([...balances.values()].filter((v) => v !== 0)));
      }),
    );
  });

  it('[MONEY-04] two pairs that cancel out settle in two transfers, not three', () => {
    const balances = new Map([
      ['a', 500],
      ['b', -500],
      ['c', 300],
      ['d', -300],
    ]);
    expect(settleUp(balances)).toHaveLength(2);
    // Large groups fall back to the greedy settlement, still within people − 1.
    const many = new Map(
      Array.from({ length: EXACT_LIMIT + 5 }, (_, i) => [`u-${String(i).padStart(2, '0')}`, i % 2 ? 7 : -7]),
    );
    expectSettled(many, settleUp(many));
  });
});

function expectSettled(balances: ReadonlyMap<string, number>, transfers: readonly Transfer[]) {
  const left = new Map(balances);
  for (const t of transfers) {
    expect(t.amountMinor).toBeGreaterThan(0);
    expect(Number.isInteger(t.amountMinor)).toBe(true);
    left.set(t.from, (left.get(t.from) ?? 0) + t.amountMinor);
    left.set(t.to, (left.get(t.to) ?? 0) - t.amountMinor);
  }
  for (const amount of left.values()) expect(amount === 0).toBe(true);
  const nonZero = [...balances.values()].filter((v) => v !== 0).length;
  expect(transfers.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
}

/** By brute force over every partition: n minus the most blocks that each add up to zero. */
function fewestTransfers(values: number[]): number {
  if (values.length === 0) return 0;
  let best = 0;
  const blocks: number[] = [];
  const walk = (i: number) => {
    if (i === values.length) {
      if (blocks.every((sum) => sum === 0)) best = Math.max(best, blocks.length);
      return;
    }
    const value = values[i] ?? 0;
    for (let b = 0; b < blocks.length; b += 1) {
      blocks[b] = (blocks[b] ?? 0) + value;
      walk(i + 1);
      blocks[b] = (blocks[b] ?? 0) - value;
    }
    blocks.push(value);
    walk(i + 1);
    blocks.pop();
  };
  walk(0);
  return values.length - best;
}

it('[MONEY-01] every currency has a known exponent', () => {
  for (const code of CURRENCY_CODES) expect([0, 2, 3, 4]).toContain(currencyExponent(code));
  expect(CURRENCY_CODES.length).toBeGreaterThan(150);
});
