import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkOpeningHours,
  openingStateAt,
  openWindowsOn,
  runtimeDateOf,
  wallClockAt,
  wallClockOfRuntimeDate,
  weeklyClosedDays,
  withoutPublicHolidays,
} from './opening-hours';

// Fixed instants only. Calendar used (checked): 2026-12-01 Tuesday, so 12-02 Wednesday, 12-04
// Friday, 12-05 Saturday, 12-06 Sunday, 12-07 Monday, 12-08 Tuesday, 12-22 Tuesday, 12-25 Friday,
// 12-26 Saturday; 2026-07-15 Wednesday; 2026-03-29 Sunday (Lisbon springs forward at 01:00 UTC,
// WET UTC+0 -> WEST UTC+1; New York is already on EDT, UTC-4, since 2026-03-08).
// Lisbon is UTC+0 in December, so a December instant in Z is also Lisbon's wall-clock time.
// These tests must pass whatever zone the test process runs in: run them with TZ=UTC, TZ=Asia/Tokyo
// and TZ=America/New_York.

const LISBON = 'Europe/Lisbon';
/** The console, typed here: this package compiles without DOM or Node types. */
const runtime = globalThis as unknown as {
  console: { error: (...args: unknown[]) => void; warn: (...args: unknown[]) => void };
};
const WEEKDAYS = 'Mo-Fr 09:00-17:00; Sa 10:00-14:00';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('openingStateAt: weekday rules', () => {
  it('[HOURS-01] a weekday rule is open on a Wednesday at 10:00 in Lisbon, closing 17:00 that day', () => {
    expect(openingStateAt(WEEKDAYS, new Date('2026-12-02T10:00:00Z'), LISBON)).toEqual({
      status: 'open',
      closesAt: '17:00',
      closesOn: '2026-12-02',
    });
  });

  it('[HOURS-02] on a Sunday it is closed all day and next opens Monday 09:00', () => {
    expect(openingStateAt(WEEKDAYS, new Date('2026-12-06T12:00:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: '09:00',
      opensOn: '2026-12-07',
      closedAllDay: true,
    });
  });

  it('[HOURS-03] on Saturday after 14:00 it is closed but not all day (it opened 10:00-14:00)', () => {
    expect(openingStateAt(WEEKDAYS, new Date('2026-12-05T15:00:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: '09:00',
      opensOn: '2026-12-07',
      closedAllDay: false,
    });
  });

  it('[HOURS-04] "Tu-Su 10:00-18:00" is closed all day on a Monday, opens Tuesday, and its closed weekday is [1]', () => {
    const value = 'Tu-Su 10:00-18:00';
    expect(openingStateAt(value, new Date('2026-12-07T12:00:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: '10:00',
      opensOn: '2026-12-08',
      closedAllDay: true,
    });
    expect(weeklyClosedDays(value, LISBON, new Date('2026-12-02T10:00:00Z'))).toEqual([1]);
  });

  it('[HOURS-05] weeklyClosedDays: Sunday for the weekday rule, every day for "off", none for 24/7', () => {
    const from = new Date('2026-12-02T10:00:00Z');
    expect(weeklyClosedDays(WEEKDAYS, LISBON, from)).toEqual([0]);
    expect(weeklyClosedDays('off', LISBON, from)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weeklyClosedDays('24/7', LISBON, from)).toEqual([]);
    expect(weeklyClosedDays('Mo-Fr 25:00-99', LISBON, from)).toEqual([]);
  });

  it('[HOURS-06] weeklyClosedDays counts days in the place zone: a Tokyo Monday starts while it is Sunday in UTC', () => {
    // 2026-12-06T20:00Z is Monday 05:00 in Tokyo; its 7 days are Mo..Su, Monday closed.
    expect(weeklyClosedDays('Tu-Su 10:00-18:00', 'Asia/Tokyo', new Date('2026-12-06T20:00:00Z'))).toEqual([
      1,
    ]);
  });
});

describe('openingStateAt: times past midnight and seasons', () => {
  const LATE = 'Fr 18:00-02:00';

  it('[HOURS-07] "Fr 18:00-02:00" is open at Saturday 01:30, closing 02:00 on Saturday\'s date', () => {
    expect(openingStateAt(LATE, new Date('2026-12-05T01:30:00Z'), LISBON)).toEqual({
      status: 'open',
      closesAt: '02:00',
      closesOn: '2026-12-05',
    });
  });

  it('[HOURS-08] "Fr 18:00-02:00" on Friday evening closes the next date; Saturday 03:00 is closed but not all day', () => {
    expect(openingStateAt(LATE, new Date('2026-12-04T20:00:00Z'), LISBON)).toEqual({
      status: 'open',
      closesAt: '02:00',
      closesOn: '2026-12-05',
    });
    expect(openingStateAt(LATE, new Date('2026-12-05T03:00:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: '18:00',
      opensOn: '2026-12-11',
      closedAllDay: false,
    });
  });

  it('[HOURS-09] a seasonal rule closes at 19:00 in July and 17:00 in December', () => {
    const value = 'Apr-Oct: Mo-Su 10:00-19:00; Nov-Mar: Mo-Su 10:00-17:00';
    // 2026-07-15T11:00Z is 12:00 WEST in Lisbon.
    expect(openingStateAt(value, new Date('2026-07-15T11:00:00Z'), LISBON)).toEqual({
      status: 'open',
      closesAt: '19:00',
      closesOn: '2026-07-15',
    });
    expect(openingStateAt(value, new Date('2026-12-02T12:00:00Z'), LISBON)).toEqual({
      status: 'open',
      closesAt: '17:00',
      closesOn: '2026-12-02',
    });
  });
});

describe('openingStateAt: the place zone, not the runtime zone', () => {
  const DAILY = 'Mo-Su 09:00-17:00';
  const INSTANT = new Date('2026-03-29T08:30:00Z');

  it('[HOURS-10] on Lisbon spring-forward day, 08:30Z is 09:30 WEST: open, closing 17:00 that day', () => {
    expect(openingStateAt(DAILY, INSTANT, LISBON)).toEqual({
      status: 'open',
      closesAt: '17:00',
      closesOn: '2026-03-29',
    });
  });

  it('[HOURS-11] on that day, 00:30Z (00:30 WET, before the change) is closed and opens 09:00 the same date', () => {
    expect(openingStateAt(DAILY, new Date('2026-03-29T00:30:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: '09:00',
      opensOn: '2026-03-29',
      closedAllDay: false,
    });
  });

  it('[HOURS-12] the same instant for a place in New York (04:30 EDT) or Tokyo (17:30 JST) gives that place its own state', () => {
    expect(openingStateAt(DAILY, INSTANT, 'America/New_York')).toEqual({
      status: 'closed',
      opensAt: '09:00',
      opensOn: '2026-03-29',
      closedAllDay: false,
    });
    expect(openingStateAt(DAILY, INSTANT, 'Asia/Tokyo')).toEqual({
      status: 'closed',
      opensAt: '09:00',
      opensOn: '2026-03-30',
      closedAllDay: false,
    });
  });

  it('[HOURS-13] a Tokyo place on Saturday 08:30 local (Friday 23:30 UTC) follows its Saturday rule', () => {
    expect(openingStateAt(WEEKDAYS, new Date('2026-12-04T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      status: 'closed',
      opensAt: '10:00',
      opensOn: '2026-12-05',
      closedAllDay: false,
    });
  });

  it('[HOURS-14] wallClockAt gives the place wall-clock fields of an instant, across a DST change', () => {
    expect(wallClockAt(INSTANT, LISBON)).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 9,
      minute: 30,
      second: 0,
    });
    expect(wallClockAt(new Date('2026-03-29T00:30:00Z'), LISBON)).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 0,
      minute: 30,
      second: 0,
    });
    expect(wallClockAt(INSTANT, 'America/New_York')).toMatchObject({ day: 29, hour: 4, minute: 30 });
    expect(wallClockAt(new Date('2026-12-31T23:59:59Z'), 'Asia/Tokyo')).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 8,
      minute: 59,
      second: 59,
    });
    expect(wallClockAt(new Date('2026-12-02T00:00:00Z'), 'UTC')).toMatchObject({ day: 2, hour: 0 });
  });

  it('[HOURS-15] runtimeDateOf puts wall-clock fields into a runtime-local Date that reads them back, weekday included', () => {
    const wall = { year: 2026, month: 3, day: 29, hour: 9, minute: 30, second: 15 };
    const date = runtimeDateOf(wall);
    expect(wallClockOfRuntimeDate(date)).toEqual(wall);
    expect(date.getDay()).toBe(0); // Sunday, as the library reads it
    expect(wallClockOfRuntimeDate(runtimeDateOf(wallClockAt(INSTANT, 'Asia/Tokyo')))).toEqual(
      wallClockAt(INSTANT, 'Asia/Tokyo'),
    );
  });

  it('[HOURS-16] an unknown time zone gives "unknown" and [] rather than throwing', () => {
    expect(openingStateAt(DAILY, INSTANT, 'Mars/Olympus_Mons')).toEqual({ status: 'unknown' });
    expect(weeklyClosedDays(DAILY, 'Mars/Olympus_Mons', INSTANT)).toEqual([]);
  });
});

describe('openingStateAt: always open, closed, unknown', () => {
  const AT = new Date('2026-12-02T10:00:00Z');

  it('[HOURS-17] "24/7" is open and never closes within the week (closesAt and closesOn null)', () => {
    expect(openingStateAt('24/7', AT, LISBON)).toEqual({ status: 'open', closesAt: null, closesOn: null });
  });

  it('[HOURS-18] "off" and "closed" are closed all day with no opening ahead', () => {
    for (const value of ['off', 'closed']) {
      expect(openingStateAt(value, AT, LISBON)).toEqual({
        status: 'closed',
        opensAt: null,
        opensOn: null,
        closedAllDay: true,
      });
    }
  });

  it('[HOURS-19] a comment-only value ("by appointment", quoted or not) is unknown: the library cannot say', () => {
    expect(openingStateAt('"by appointment"', AT, LISBON)).toEqual({ status: 'unknown' });
    // The library reads the unquoted words as that comment (with a warning), so it parses.
    expect(checkOpeningHours('by appointment')).toEqual({ ok: true });
    expect(openingStateAt('by appointment', AT, LISBON)).toEqual({ status: 'unknown' });
  });

  it('[HOURS-20] "Mo-Fr unknown" is unknown on Wednesday; on Saturday the library says closed, with no definite opening ahead', () => {
    expect(openingStateAt('Mo-Fr unknown', AT, LISBON)).toEqual({ status: 'unknown' });
    expect(openingStateAt('Mo-Fr unknown', new Date('2026-12-05T12:00:00Z'), LISBON)).toEqual({
      status: 'closed',
      opensAt: null,
      opensOn: null,
      closedAllDay: true,
    });
  });

  it('[HOURS-21] an opening followed by an unknown time says when it stops being open and that unknown follows', () => {
    expect(openingStateAt('Mo-Fr 09:00-17:00, Mo-Fr 17:00-20:00 unknown', AT, LISBON)).toEqual({
      status: 'open',
      closesAt: '17:00',
      closesOn: '2026-12-02',
      unknownSoon: true,
    });
  });
});

describe('checkOpeningHours', () => {
  it('[HOURS-22] well-formed values parse, with or without a country', () => {
    for (const value of [WEEKDAYS, '24/7', 'off', 'Fr 18:00-02:00', 'Tu-Su 10:00-18:00; PH off']) {
      expect(checkOpeningHours(value)).toEqual({ ok: true });
      expect(checkOpeningHours(value, 'PT')).toEqual({ ok: true });
    }
  });

  it('[HOURS-23] a value that does not parse gets a short one-line message; openingStateAt is unknown, never throws', () => {
    for (const value of ['Mo-Fr 25:00-99', 'foo', 'Mo-Fr 09:00-17:00 garbage', '"unterminated']) {
      const result = checkOpeningHours(value);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.message).toMatch(/^Opening hours do not parse: \S/);
      expect(result.message.length).toBeLessThanOrEqual(160);
      expect(result.message).not.toMatch(/\n/);
      expect(openingStateAt(value, new Date('2026-12-02T10:00:00Z'), LISBON)).toEqual({ status: 'unknown' });
    }
    expect(checkOpeningHours('Mo-Fr 25:00-99')).toEqual({
      ok: false,
      message: 'Opening hours do not parse: Time range does not continue as expected (at "Mo-Fr 25:00-99")',
    });
  });

  it('[HOURS-24] an empty or whitespace-only value is "Opening hours are empty."', () => {
    expect(checkOpeningHours('')).toEqual({ ok: false, message: 'Opening hours are empty.' });
    expect(checkOpeningHours('   \n')).toEqual({ ok: false, message: 'Opening hours are empty.' });
    expect(openingStateAt('', new Date('2026-12-02T10:00:00Z'), LISBON)).toEqual({ status: 'unknown' });
  });
});

describe('public holidays', () => {
  const PH_OFF = 'Tu-Su 10:00-18:00; PH off';
  const CHRISTMAS = new Date('2026-12-25T12:00:00Z'); // Friday
  const TUESDAY = new Date('2026-12-22T12:00:00Z');

  it('[HOURS-25] in Portugal "PH off" closes all Christmas Day (a Friday); the Tuesday before is open', () => {
    for (const country of ['PT', 'pt']) {
      expect(openingStateAt(PH_OFF, CHRISTMAS, LISBON, country)).toEqual({
        status: 'closed',
        opensAt: '10:00',
        opensOn: '2026-12-26',
        closedAllDay: true,
      });
      expect(openingStateAt(PH_OFF, TUESDAY, LISBON, country)).toEqual({
        status: 'open',
        closesAt: '18:00',
        closesOn: '2026-12-22',
      });
    }
    // Christmas falls on this Friday, so Friday is closed this week along with Monday.
    expect(weeklyClosedDays(PH_OFF, LISBON, TUESDAY, 'PT')).toEqual([1, 5]);
  });

  it('[HOURS-26] a country the library has no holidays for (TH) or no country: PH ignored, no throw, no library console output', () => {
    // The library logs to console.error when asked for holidays it lacks; this code must not let it.
    const errors = vi.spyOn(runtime.console, 'error');
    const warnings = vi.spyOn(runtime.console, 'warn');
    for (const country of ['TH', undefined, 'not a country']) {
      expect(checkOpeningHours(PH_OFF, country)).toEqual({ ok: true });
      expect(openingStateAt(PH_OFF, CHRISTMAS, 'Asia/Bangkok', country)).toEqual({
        status: 'closed',
        opensAt: '10:00',
        opensOn: '2026-12-26',
        closedAllDay: false,
      });
      expect(openingStateAt(PH_OFF, CHRISTMAS, LISBON, country)).toEqual({
        status: 'open',
        closesAt: '18:00',
        closesOn: '2026-12-25',
      });
    }
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('[HOURS-27] "Sa,PH 10:00-12:00" uses the holiday in Portugal and only Saturday where holidays are unknown', () => {
    const value = 'Mo-Fr 09:00-17:00; Sa,PH 10:00-12:00';
    const at = new Date('2026-12-25T11:00:00Z');
    expect(openingStateAt(value, at, LISBON, 'PT')).toEqual({
      status: 'open',
      closesAt: '12:00',
      closesOn: '2026-12-25',
    });
    expect(openingStateAt(value, at, LISBON, 'TH')).toEqual({
      status: 'open',
      closesAt: '17:00',
      closesOn: '2026-12-25',
    });
  });

  it('[HOURS-28] Great Britain: the library has holidays only per nation, none country-wide, so PH is ignored there', () => {
    expect(openingStateAt(PH_OFF, CHRISTMAS, 'Europe/London', 'GB')).toEqual({
      status: 'open',
      closesAt: '18:00',
      closesOn: '2026-12-25',
    });
  });

  it('[HOURS-29] a school-holiday rule (SH) with no country parses, but cannot be evaluated: unknown', () => {
    const value = 'Mo-Fr 09:00-17:00; SH off';
    expect(checkOpeningHours(value)).toEqual({ ok: true });
    expect(openingStateAt(value, new Date('2026-12-02T10:00:00Z'), LISBON)).toEqual({ status: 'unknown' });
  });

  it('[HOURS-30] withoutPublicHolidays takes PH out of day lists and drops holiday-only rules', () => {
    expect(withoutPublicHolidays('Tu-Su 10:00-18:00; PH off')).toBe('Tu-Su 10:00-18:00');
    expect(withoutPublicHolidays('PH off; Mo-Fr 09:00-17:00')).toBe('Mo-Fr 09:00-17:00');
    expect(withoutPublicHolidays('Mo-Fr 09:00-17:00, PH off')).toBe('Mo-Fr 09:00-17:00');
    expect(withoutPublicHolidays('Mo-Fr 09:00-17:00 || PH off')).toBe('Mo-Fr 09:00-17:00');
    expect(withoutPublicHolidays('Sa,PH 10:00-14:00')).toBe('Sa 10:00-14:00');
    expect(withoutPublicHolidays('PH,Su off; Mo 10:00-12:00')).toBe('Su off; Mo 10:00-12:00');
    expect(withoutPublicHolidays('Sa,PH,Su 10:00-12:00')).toBe('Sa,Su 10:00-12:00');
    expect(withoutPublicHolidays('PH +1 day off; Mo-Fr 09:00-17:00')).toBe('Mo-Fr 09:00-17:00');
    expect(withoutPublicHolidays('Mo-Fr 09:00-17:00; Su off "PH; Sa,PH"')).toBe(
      'Mo-Fr 09:00-17:00; Su off "PH; Sa,PH"',
    );
    expect(withoutPublicHolidays('PH 10:00-12:00')).toBe('off');
  });
});

describe('open windows of a local day', () => {
  it('[HOURS-31] the stretches of a day in wall-clock minutes: after midnight, adjacent ranges, closed days, bad values', () => {
    // 2026-12-04 is a Friday.
    expect(openWindowsOn('Fr 18:00-02:00', '2026-12-04')).toEqual([{ from: 1080, to: 1440, unknown: false }]);
    expect(openWindowsOn('Fr 18:00-02:00', '2026-12-05')).toEqual([{ from: 0, to: 120, unknown: false }]);
    expect(openWindowsOn('Mo-Su 10:00-12:00,12:00-14:00', '2026-12-05')).toEqual([
      { from: 600, to: 840, unknown: false },
    ]);
    expect(openWindowsOn('Mo-Su 12:00-15:00,19:00-23:00', '2026-12-05')).toEqual([
      { from: 720, to: 900, unknown: false },
      { from: 1140, to: 1380, unknown: false },
    ]);
    expect(openWindowsOn('We-Mo 10:00-18:00', '2026-12-01')).toEqual([]);
    expect(openWindowsOn('24/7', '2026-12-01')).toEqual([{ from: 0, to: 1440, unknown: false }]);
    expect(openWindowsOn('Mo-Fr 25:00-26:00', '2026-12-01')).toBeNull();
    expect(openWindowsOn('24/7', 'tomorrow')).toBeNull();
    // Local time: the day of a clock change keeps its wall-clock hours (Lisbon, 2026-03-29).
    expect(openWindowsOn('Mo-Su 10:00-18:00', '2026-03-29')).toEqual([
      { from: 600, to: 1080, unknown: false },
    ]);
  });
});
