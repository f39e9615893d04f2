import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { formatDistance, formatDuration } from './distance.ts';
import { formatAmountText, formatMoney } from './money.ts';
import { formatFileSize } from './file-size.ts';
import { formatNumber, formatPercent } from './numbers.ts';

afterEach(() => i18n.activate('en', 'en-GB'));

describe('numbers', () => {
  it('group thousands and write decimals the way of the locale', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatFileSize(2.3 * 1024 * 1024)).toBe('2.3 MB');
    expect(formatFileSize(300)).toBe('1 kB');
    expect(formatFileSize(12 * 1024)).toBe('12 kB');
    i18n.activate('de', 'de-DE');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatFileSize(2.3 * 1024 * 1024)).toMatch(/^2,3\sMB$/);
  });
});

describe('money', () => {
  it('[MONEY-01] formats minor units with the decimals of each currency: EUR 2, JPY none, KWD 3', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatMoney(120000, 'EUR')).toBe('€1,200.00');
    expect(formatMoney(1200, 'JPY')).toBe('JP¥1,200');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(-505, 'USD')).toBe('-US$5.05');
    expect(formatMoney(7, 'CLF')).toBe('CLF\u00a00.0007');
  });

  it('[MONEY-02] formats decimal text the same way', () => {
    expect(formatAmountText('12.5', 'EUR')).toBe('€12.50');
    expect(formatAmountText('1200', 'JPY')).toBe('JP¥1,200');
    expect(formatAmountText('2.125', 'KWD')).toMatch(/2\.125$/);
    expect(formatAmountText('abc', 'EUR')).toBe('abc EUR');
  });

  it('follows the locale: the symbol after the amount in German', () => {
    i18n.activate('de', 'de-DE');
    expect(formatMoney(120000, 'EUR')).toBe('1.200,00\u00a0€');
  });
});

describe('distances and travel times', () => {
  it('[ROUTE-08] metres under 1 km, one decimal to 100 km, then whole kilometres', () => {
    expect(formatDistance(847)).toBe('850 m');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(274_296)).toBe('274 km');
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });

  it('follows the locale', () => {
    i18n.activate('de', 'de-DE');
    expect(formatDistance(1234)).toMatch(/^1,2\skm$/);
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });
});
