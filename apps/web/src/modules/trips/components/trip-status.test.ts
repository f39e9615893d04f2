import { describe, expect, it } from 'vitest';
import { tripStatusLabel } from './trip-status.ts';

// Local times: the trip's dates are calendar days in the traveller's time zone.
const at = (iso: string) => new Date(iso);

describe('tripStatusLabel (SPEC §4)', () => {
  it("[TRIP-16] 'past' only after the end day is over (the end day is included)", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-12T23:59:00'))).toBe('current');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-13T00:00:00'))).toBe('past');
  });

  it("[TRIP-16] 'current' between start and end", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-05T00:00:00'))).toBe('current');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-08T12:00:00'))).toBe('current');
    expect(tripStatusLabel('2031-05-05', '2031-05-05', at('2031-05-05T18:00:00'))).toBe('current');
  });

  it("[TRIP-16] 'soon' when the start is less than a day away", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-04T00:00:01'))).toBe('soon');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-04T23:00:00'))).toBe('soon');
  });

  it("[TRIP-16] 'in N days' when fewer than 7 days away", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-04T00:00:00'))).toBe('in 1 day');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-05-02T10:00:00'))).toBe('in 2 days');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-04-28T00:00:01'))).toBe('in 6 days');
  });

  it("[TRIP-16] 'upcoming' from 7 days on", () => {
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2031-04-28T00:00:00'))).toBe('upcoming');
    expect(tripStatusLabel('2031-05-05', '2031-05-12', at('2030-01-01T00:00:00'))).toBe('upcoming');
  });

  it('[TRIP-16] no label without a start date', () => {
    expect(tripStatusLabel(null, null, at('2031-05-04T00:00:00'))).toBeNull();
    expect(tripStatusLabel('', '2031-05-12', at('2031-05-04T00:00:00'))).toBeNull();
  });
});
