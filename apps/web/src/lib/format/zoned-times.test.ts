import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { browserInZone } from '../testing/browser-zone.ts';
import {
  formatDuration,
  formatLocalTime,
  formatZonedDate,
  formatZonedShortDate,
  formatZonedTime,
} from './zoned-times.ts';

const LISBON_DEPARTURE = { local: '2026-12-01T07:40', zone: 'Europe/Lisbon', at: '2026-12-01T07:40:00.000Z' };
let restoreZone: (() => void) | null = null;

afterEach(() => {
  i18n.activate('en', 'en-GB');
  restoreZone?.();
  restoreZone = null;
});

/** The browser's own zone for the rest of the test. */
function browserIn(zone: string) {
  restoreZone?.();
  restoreZone = browserInZone(zone);
}

describe('zoned times', () => {
  it('[BOOKINGS-WEB-20] a time is shown as it is where it happens, with its zone, whatever the browser zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      browserIn(zone);
      expect(new Intl.DateTimeFormat('en-GB', { hour: 'numeric' }).resolvedOptions().timeZone).toBe(zone);
      expect(formatZonedTime(LISBON_DEPARTURE, 'en-GB')).toBe('07:40 WET');
      expect(formatZonedDate(LISBON_DEPARTURE.local, 'en-GB')).toMatch(/^Tuesday,? 1 December 2026$/);
    }
    // Summer in Lisbon, winter in New York.
    expect(
      formatZonedTime(
        { local: '2026-07-01T21:05', zone: 'Europe/Lisbon', at: '2026-07-01T20:05:00Z' },
        'en-GB',
      ),
    ).toBe('21:05 WEST');
    expect(
      formatZonedTime(
        { local: '2026-12-01T11:30', zone: 'America/New_York', at: '2026-12-01T16:30:00Z' },
        'en-GB',
      ),
    ).toBe('11:30 EST');
    // A zone with no short name in English: its offset.
    expect(
      formatZonedTime({ local: '2026-12-02T09:15', zone: 'Asia/Tokyo', at: '2026-12-02T00:15:00Z' }, 'en-GB'),
    ).toBe('09:15 GMT+9');
  });

  it('[BOOKINGS-WEB-21] without a known zone (not found yet) the time alone; no instant: found from the zone', () => {
    expect(formatZonedTime({ local: '2026-12-01T07:40', zone: '', at: '' }, 'en-GB')).toBe('07:40');
    expect(formatZonedTime({ local: '2026-12-01T07:40', zone: 'Nowhere/Atlantis', at: '' }, 'en-GB')).toBe(
      '07:40',
    );
    expect(formatZonedTime({ local: '2026-12-01T07:40', zone: 'Europe/Berlin', at: '' }, 'en-GB')).toBe(
      '07:40 CET',
    );
    expect(formatZonedTime({ local: 'not a time', zone: 'Europe/Berlin', at: '' }, 'en-GB')).toBe('');
    expect(formatLocalTime('2026-02-30T10:00')).toBe('');
  });

  it('[BOOKINGS-WEB-22] follows the active locale: German day and zone names', () => {
    i18n.activate('de', 'de-DE');
    expect(formatZonedTime(LISBON_DEPARTURE)).toBe('07:40 WEZ');
    expect(formatZonedDate('2026-12-01')).toBe('Dienstag, 1. Dezember 2026');
    expect(formatZonedShortDate('2026-12-01T07:40')).toBe('1. Dez.');
  });

  it('[BOOKINGS-WEB-23] a duration comes from the instants: 7 h 50 across zones, minutes alone, whole hours', () => {
    // Lisbon 07:40 (UTC) to New York 10:30 (UTC-5): 7 h 50 in the air.
    expect(formatDuration('2026-12-01T07:40:00Z', '2026-12-01T15:30:00Z', 'en-GB')).toBe('7 h 50');
    expect(formatDuration('2026-12-01T07:40:00Z', '2026-12-01T08:25:00Z', 'en-GB')).toBe('45 min');
    expect(formatDuration('2026-12-01T07:40:00Z', '2026-12-01T09:40:00Z', 'en-GB')).toBe('2 h');
    expect(formatDuration('2026-12-01T07:40:00Z', '2026-12-01T09:45:00Z', 'en-GB')).toBe('2 h 05');
    expect(formatDuration('2026-12-01T07:40:00Z', '2026-12-01T07:40:00Z', 'en-GB')).toBe('');
    expect(formatDuration('2026-12-01T09:40:00Z', '2026-12-01T07:40:00Z', 'en-GB')).toBe('');
    expect(formatDuration('', '2026-12-01T07:40:00Z', 'en-GB')).toBe('');
  });
});
