import { describe, expect, it } from 'vitest';
import { rateHint } from './money-format.ts';

describe('money formatting', () => {
  it('[MONEY-02] writes the rate hint (amounts: lib/format/numbers.test.ts)', () => {
    expect(rateHint('JPY', '0.0062', 'EUR')).toBe('1 JPY = 0.0062 EUR');
  });
});
