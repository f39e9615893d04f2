import { describe, expect, it } from 'vitest';
import { formatAmountText, formatMoney, rateHint } from './money-format.ts';

describe('money formatting', () => {
  it('[MONEY-01] formats minor units with the decimals of each currency: EUR 2, JPY none, KWD 3', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatMoney(120000, 'EUR')).toBe('€1,200.00');
    expect(formatMoney(1200, 'JPY')).toBe('JP¥1,200');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(-505, 'USD')).toBe('-US$5.05');
    expect(formatMoney(7, 'CLF')).toBe('CLF\u00a00.0007');
  });

  it('[MONEY-02] formats decimal text the same way and writes the rate hint', () => {
    expect(formatAmountText('12.5', 'EUR')).toBe('€12.50');
    expect(formatAmountText('1200', 'JPY')).toBe('JP¥1,200');
    expect(formatAmountText('2.125', 'KWD')).toMatch(/2\.125$/);
    expect(rateHint('JPY', '0.0062', 'EUR')).toBe('1 JPY = 0.0062 EUR');
  });
});
