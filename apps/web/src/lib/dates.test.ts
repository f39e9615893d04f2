import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  defaultTripDates,
  nextMonday,
  parseDate,
  toIsoDate,
  tripDateStatus,
} from './dates.ts';

describe('parseDate', () => {
  it('reads yyyy-mm-dd as a local calendar date, not UTC', () => {
    const date = parseDate('2025-03-09');
    expect(date && [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2025, 2, 9, 0,
    ]);
  });

  it('returns null for empty, invalid or impossible dates', () => {
    expect(parseDate('')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate('not a date')).toBeNull();
    expect(parseDate('2025-02-30')).toBeNull();
    expect(parseDate(new Date(Number.NaN))).toBeNull();
  });

  it('accepts ISO timestamps, Dates and epoch milliseconds', () => {
    expect(parseDate('2025-03-09T10:00:00.000Z')?.toISOString()).toBe('2025-03-09T10:00:00.000Z');
    expect(parseDate(0)?.getTime()).toBe(0);
    const original = new Date(2025, 0, 1);
    const copy = parseDate(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
  });
});

describe('toIsoDate', () => {
  it('toIsoDate gives the local yyyy-mm-dd', () => {
    expect(toIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('nextMonday: the first Monday strictly after today (weeks start Monday)', () => {
  // 2025-01-05 is a Sunday, 2025-01-06 a Monday
  it('Sunday late evening → the following day', () => {
    expect(toIsoDate(nextMonday(new Date(2025, 0, 5, 23, 59, 59)))).toBe('2025-01-06');
  });

  it('Sunday just after midnight → the following day', () => {
    expect(toIsoDate(nextMonday(new Date(2025, 0, 5, 0, 0, 1)))).toBe('2025-01-06');
  });

  it('Monday at midnight → the Monday a week later', () => {
    expect(toIsoDate(nextMonday(new Date(2025, 0, 6, 0, 0, 0)))).toBe('2025-01-13');
  });

  it('Monday afternoon → the Monday a week later', () => {
    expect(toIsoDate(nextMonday(new Date(2025, 0, 6, 15, 0)))).toBe('2025-01-13');
  });

  it('every other weekday → the coming Monday', () => {
    expect(toIsoDate(nextMonday(new Date(2025, 0, 7)))).toBe('2025-01-13'); // Tuesday
    expect(toIsoDate(nextMonday(new Date(2025, 0, 10)))).toBe('2025-01-13'); // Friday
    expect(toIsoDate(nextMonday(new Date(2025, 0, 11)))).toBe('2025-01-13'); // Saturday
  });

  it('crosses month and year ends and returns local midnight', () => {
    const monday = nextMonday(new Date(2025, 11, 31, 18)); // Wednesday
    expect(toIsoDate(monday)).toBe('2026-01-05');
    expect([monday.getDay(), monday.getHours(), monday.getMinutes()]).toEqual([1, 0, 0]);
  });

  it('defaultTripDates ends seven days after the start', () => {
    expect(defaultTripDates(new Date(2025, 0, 5, 12))).toEqual({ start: '2025-01-06', end: '2025-01-13' });
    expect(defaultTripDates(new Date(2025, 1, 25))).toEqual({ start: '2025-03-03', end: '2025-03-10' });
  });

  it('addDays moves by calendar days', () => {
    expect(toIsoDate(addDays(new Date(2025, 2, 28), 7))).toBe('2025-04-04');
  });
});

describe('tripDateStatus (SPEC §4)', () => {
  const now = new Date(2025, 4, 10, 12, 0, 0);
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("'current' between start and end", () => {
    expect(tripDateStatus(at(-DAY_MS), at(DAY_MS), now)).toBe('current');
    expect(tripDateStatus(now, at(DAY_MS), now)).toBe('current');
    expect(tripDateStatus(at(-DAY_MS), now, now)).toBe('current');
  });

  it("'past' after the end", () => {
    expect(tripDateStatus(at(-3 * DAY_MS), at(-1), now)).toBe('past');
  });

  it("'soon' when the start is less than a day away", () => {
    expect(tripDateStatus(at(1), at(5 * DAY_MS), now)).toBe('soon');
    expect(tripDateStatus(at(DAY_MS - 1), at(5 * DAY_MS), now)).toBe('soon');
  });

  it("'in N days' for fewer than 7 days", () => {
    expect(tripDateStatus(at(DAY_MS), at(9 * DAY_MS), now)).toBe('in 1 day');
    expect(tripDateStatus(at(2 * DAY_MS), at(9 * DAY_MS), now)).toBe('in 2 days');
    expect(tripDateStatus(at(3.5 * DAY_MS), at(9 * DAY_MS), now)).toBe('in 3 days');
    expect(tripDateStatus(at(7 * DAY_MS - 1), at(9 * DAY_MS), now)).toBe('in 6 days');
  });

  it("'upcoming' from 7 days on", () => {
    expect(tripDateStatus(at(7 * DAY_MS), at(9 * DAY_MS), now)).toBe('upcoming');
    expect(tripDateStatus('2026-01-01', '2026-01-08', now)).toBe('upcoming');
  });

  it('works with ISO strings and returns null without a valid start', () => {
    expect(tripDateStatus('2025-05-09T00:00:00', '2025-05-12T00:00:00', now)).toBe('current');
    expect(tripDateStatus('', '2025-05-12', now)).toBeNull();
  });
});
