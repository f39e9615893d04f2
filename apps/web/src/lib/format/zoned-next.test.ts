import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { browserInZone } from '../testing/browser-zone.ts';
import { formatNextStart } from './zoned-next.ts';

/** TP 1350 leaves Lisbon at 07:40 on 10 January 2031 (winter: Lisbon is on UTC). */
const FLIGHT = { title: 'Flight TP 1350', startLocal: '2031-01-10T07:40', startZone: 'Europe/Lisbon' };
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

const at = (iso: string) => new Date(iso);

describe('what is next, in one line', () => {
  it('[BOOKINGS-NEXT-WEB-01] today, tomorrow, else the short date; the time as it is where it starts', () => {
    expect(formatNextStart(FLIGHT, at('2031-01-09T12:00:00Z'))).toBe(
      'Flight TP 1350 · tomorrow 07:40 Lisbon time',
    );
    expect(formatNextStart(FLIGHT, at('2031-01-10T05:00:00Z'))).toBe(
      'Flight TP 1350 · today 07:40 Lisbon time',
    );
    expect(formatNextStart(FLIGHT, at('2031-01-01T09:00:00Z'))).toBe(
      'Flight TP 1350 · 10 Jan 07:40 Lisbon time',
    );
    // Already started earlier today (the lists only carry bookings ahead, but a page can sit open).
    expect(formatNextStart(FLIGHT, at('2031-01-10T09:00:00Z'))).toBe(
      'Flight TP 1350 · today 07:40 Lisbon time',
    );
    // The day after: the date, not "yesterday".
    expect(formatNextStart(FLIGHT, at('2031-01-11T09:00:00Z'))).toBe(
      'Flight TP 1350 · 10 Jan 07:40 Lisbon time',
    );
    // A number (Date.now()) works as well as a Date.
    expect(formatNextStart(FLIGHT, Date.parse('2031-01-09T12:00:00Z'))).toContain('tomorrow');
  });

  it('[BOOKINGS-NEXT-WEB-02] the day is judged in the booking zone, whatever the browser zone', () => {
    // Tokyo 09:15 on the 10th; at 16:00 UTC on the 9th it is already 01:00 on the 10th in Tokyo.
    const tokyo = { title: 'Train to Kyoto', startLocal: '2031-01-10T09:15', startZone: 'Asia/Tokyo' };
    const newYork = { title: 'Dinner', startLocal: '2031-01-10T11:30', startZone: 'America/New_York' };
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      browserIn(zone);
      expect(new Intl.DateTimeFormat('en-GB', { hour: 'numeric' }).resolvedOptions().timeZone).toBe(zone);
      expect(formatNextStart(tokyo, at('2031-01-09T16:00:00Z'))).toBe(
        'Train to Kyoto · today 09:15 Tokyo time',
      );
      // 03:00 UTC on the 10th is 22:00 on the 9th in New York: the dinner is tomorrow there.
      expect(formatNextStart(newYork, at('2031-01-10T03:00:00Z'))).toBe(
        'Dinner · tomorrow 11:30 New York time',
      );
      expect(formatNextStart(FLIGHT, at('2031-01-09T12:00:00Z'))).toBe(
        'Flight TP 1350 · tomorrow 07:40 Lisbon time',
      );
    }
  });

  it('[BOOKINGS-NEXT-WEB-03] across a clock change: the first hour of summer time is already the new day', () => {
    // Lisbon moves to summer time on 30 March 2031; 23:30 UTC that day is 00:30 WEST on the 31st.
    const tour = { title: 'Tram 28 tour', startLocal: '2031-03-31T09:00', startZone: 'Europe/Lisbon' };
    expect(formatNextStart(tour, at('2031-03-30T23:30:00Z'))).toBe('Tram 28 tour · today 09:00 Lisbon time');
    // 00:30 UTC on the 30th, before the change, is 00:30 WET on the 30th: the tour is tomorrow.
    expect(formatNextStart(tour, at('2031-03-30T00:30:00Z'))).toBe(
      'Tram 28 tour · tomorrow 09:00 Lisbon time',
    );
    expect(formatNextStart(tour, at('2031-03-29T23:30:00Z'))).toBe('Tram 28 tour · 31 Mar 09:00 Lisbon time');
  });

  it('[BOOKINGS-NEXT-WEB-04] follows the active locale for the day words and dates', () => {
    i18n.activate('de', 'de-DE');
    expect(formatNextStart(FLIGHT, at('2031-01-09T12:00:00Z'))).toContain(' · morgen 07:40 ');
    expect(formatNextStart(FLIGHT, at('2031-01-10T05:00:00Z'))).toContain(' · heute 07:40 ');
    expect(formatNextStart(FLIGHT, at('2031-01-01T09:00:00Z'))).toContain(' · 10. Jan. 07:40 ');
  });

  it('[BOOKINGS-NEXT-WEB-05] a zone this browser does not know: the date; no local date-time: the title alone', () => {
    const atlantis = { ...FLIGHT, startZone: 'Nowhere/Atlantis' };
    expect(formatNextStart(atlantis, at('2031-01-09T12:00:00Z'))).toBe(
      'Flight TP 1350 · 10 Jan 07:40 Atlantis time',
    );
    expect(formatNextStart({ ...FLIGHT, startLocal: 'soon' }, at('2031-01-09T12:00:00Z'))).toBe(
      'Flight TP 1350',
    );
  });
});
