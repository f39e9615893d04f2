import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LOCALE, formatLongDate, formatTime } from './dates.ts';

describe('one date and time format (app locale)', () => {
  it('writes times on the 24-hour clock of the app locale, never "10:41 PM"', () => {
    const evening = new Date(2026, 10, 30, 22, 41);
    expect(formatTime(evening)).toBe('22:41');
    expect(formatTime(evening.toISOString())).toBe('22:41');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it('writes dates day first in words', () => {
    expect(formatLongDate('2026-11-30')).toBe('30 Nov 2026');
    expect(formatLongDate(null)).toBe('');
  });

  it('the document language is the app locale, so native date inputs follow it', () => {
    const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
    expect(html).toContain(`<html lang="${APP_LOCALE}">`);
  });
});
