import { describe, expect, it } from 'vitest';
import { tripStatusLabel } from './trip-status.ts';

// Local times: the trip's dates are calendar days in the traveller's time zone.
const MAY_5_TO_12 = ['2031-05-05', '2031-05-12'] as const;

describe('tripStatusLabel (SPEC §4)', () => {
  it.each([
    ["'past' only after the end day is over (the end day is included)", '2031-05-12T23:59:00', 'current'],
    ["'past' only after the end day is over (the end day is included)", '2031-05-13T00:00:00', 'past'],
    ["'current' between start and end", '2031-05-05T00:00:00', 'current'],
    ["'current' between start and end", '2031-05-08T12:00:00', 'current'],
    ["'soon' when the start is less than a day away", '2031-05-04T00:00:01', 'soon'],
    ["'soon' when the start is less than a day away", '2031-05-04T23:00:00', 'soon'],
    ["'in N days' when fewer than 7 days away", '2031-05-04T00:00:00', 'in 1 day'],
    ["'in N days' when fewer than 7 days away", '2031-05-02T10:00:00', 'in 2 days'],
    ["'in N days' when fewer than 7 days away", '2031-04-28T00:00:01', 'in 6 days'],
    ["'upcoming' from 7 days on", '2031-04-28T00:00:00', 'upcoming'],
    ["'upcoming' from 7 days on", '2030-01-01T00:00:00', 'upcoming'],
  ])('[TRIP-16] %s: a May 5–12 trip at %s is %s', (_rule, now, label) => {
    expect(tripStatusLabel(...MAY_5_TO_12, new Date(now))).toBe(label);
  });

  it("[TRIP-16] 'current' on the day of a one-day trip", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-05', new Date('2031-05-05T18:00:00'))).toBe('current');
  });

  it('[TRIP-16] no label without a start date', () => {
    expect(tripStatusLabel(null, null, new Date('2031-05-04T00:00:00'))).toBeNull();
    expect(tripStatusLabel('', '2031-05-12', new Date('2031-05-04T00:00:00'))).toBeNull();
  });
});
