import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { formatDateRange, formatDayLabel, formatLongDate, formatWeekday } from './date-words.ts';
import { formatCardDate, formatCardDateRange, formatDetailDate, formatMemberSince } from './dates.ts';

afterEach(() => i18n.activate('en', 'en-GB'));

describe('days (SPEC §9 in English)', () => {
  it('home and cards use dd.mm.yyyy', () => {
    expect(formatCardDate(new Date(2025, 0, 5))).toBe('05.01.2025');
    expect(formatCardDate('2024-12-31')).toBe('31.12.2024');
    expect(formatCardDate('')).toBe('');
    expect(formatCardDate('2026-02-30')).toBe('');
  });

  it("trip detail uses dd/mm/yyyy and '--/--/----' when empty", () => {
    expect(formatDetailDate(new Date(2025, 6, 4))).toBe('04/07/2025');
    expect(formatDetailDate('2026-12-11')).toBe('11/12/2026');
    expect(formatDetailDate('')).toBe('--/--/----');
    expect(formatDetailDate(null)).toBe('--/--/----');
    expect(formatDetailDate('garbage')).toBe('--/--/----');
  });

  it('profile member-since uses day.month.year without padding', () => {
    expect(formatMemberSince(new Date(2024, 2, 5))).toBe('5.3.2024');
    expect(formatMemberSince(new Date(2023, 10, 21))).toBe('21.11.2023');
    expect(formatMemberSince(undefined)).toBe('');
  });

  it('days in words, plan days, weekdays and ranges', () => {
    expect(formatLongDate('2026-11-30')).toBe('30 Nov 2026');
    expect(formatLongDate(null)).toBe('');
    expect(formatDayLabel('2026-06-03')).toBe('Wed 3 Jun');
    expect(formatWeekday('2026-06-03')).toBe('Wed');
    expect(formatDateRange('2031-05-05', '2031-05-08')).toBe('5 May 2031 – 8 May 2031');
    expect(formatDateRange('2031-05-05', '2031-05-05')).toBe('5 May 2031');
    expect(formatDateRange('2031-05-05', null)).toBe('5 May 2031');
    expect(formatDateRange(null, '2031-05-05')).toBe('');
    expect(formatCardDateRange('2031-05-05', '2031-05-08')).toBe('05.05.2031 – 08.05.2031');
    expect(formatCardDateRange('2031-05-05', '')).toBe('05.05.2031');
  });

  it('a day (yyyy-mm-dd) is the day written, in any zone asked for', () => {
    expect(formatCardDate('2026-12-11', { timeZone: 'Pacific/Kiritimati' })).toBe('11.12.2026');
    expect(formatLongDate('2026-12-11', { timeZone: 'Pacific/Pago_Pago' })).toBe('11 Dec 2026');
  });

  it('an instant is shown in the zone given: the same moment is another day in Tokyo and in Honolulu', () => {
    const moment = '2026-12-11T20:00:00Z';
    expect(formatCardDate(moment, { timeZone: 'Asia/Tokyo' })).toBe('12.12.2026');
    expect(formatCardDate(moment, { timeZone: 'Pacific/Honolulu' })).toBe('11.12.2026');
  });
});

describe('days in another locale', () => {
  it('German writes the numeric styles its own way and its words in German', () => {
    i18n.activate('de', 'de-DE');
    expect(formatCardDate('2026-12-11')).toBe('11.12.2026');
    expect(formatDetailDate('2026-12-11')).toBe('11.12.2026');
    expect(formatDetailDate(null)).toBe('--.--.----');
    expect(formatMemberSince('2024-03-05')).toBe('5.3.2024');
    expect(formatLongDate('2026-12-11')).toBe('11. Dez. 2026');
    expect(formatWeekday('2026-06-03')).toBe('Mi');
  });

  it('French writes the day first with slashes', () => {
    i18n.activate('fr', 'fr-FR');
    expect(formatCardDate('2026-12-11')).toBe('11/12/2026');
    expect(formatLongDate('2026-12-11', { timeZone: 'Europe/Paris' })).toBe('11 déc. 2026');
  });
});
