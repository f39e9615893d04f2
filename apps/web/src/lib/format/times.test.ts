import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { formatDateTime, formatTime } from './times.ts';

afterEach(() => i18n.activate('en', 'en-GB'));

describe('times of day', () => {
  it('on the 24-hour clock in English, never "10:41 PM"', () => {
    const evening = new Date(2026, 10, 30, 22, 41);
    expect(formatTime(evening)).toBe('22:41');
    expect(formatTime(evening.toISOString())).toBe('22:41');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it('an event keeps the time it was given with: a wall-clock time or an offset is never shifted', () => {
    expect(formatTime('2026-12-11T10:00')).toBe('10:00');
    expect(formatTime('2026-12-11T10:00:00+05:30')).toBe('10:00');
    expect(formatTime('2026-12-11T23:30:00-08:00')).toBe('23:30');
    expect(formatDateTime('2031-05-05T10:00:00+02:00')).toBe('5 May 2031, 10:00');
  });

  it('an instant is shown in the zone asked for', () => {
    expect(formatTime('2026-12-11T09:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('18:30');
    expect(formatTime('2026-12-11T09:30:00Z', { timeZone: 'America/New_York' })).toBe('04:30');
    // A time given at an offset, asked for in a zone: the same moment there.
    expect(formatTime('2026-12-11T10:00:00+01:00', { timeZone: 'Europe/London' })).toBe('09:00');
    expect(formatDateTime(Date.UTC(2026, 11, 11, 23, 15), { timeZone: 'Europe/Berlin' })).toBe(
      '12 Dec 2026, 00:15',
    );
  });

  it('follows the locale: German and French', () => {
    i18n.activate('de', 'de-DE');
    expect(formatDateTime('2031-05-05T10:00', { timeZone: 'Europe/Berlin' })).toBe('5. Mai 2031, 10:00');
    i18n.activate('fr', 'fr-FR');
    expect(formatTime('2026-12-11T09:30:00Z', { timeZone: 'Europe/Paris' })).toBe('10:30');
  });
});
