import { describe, expect, it } from 'vitest';
import { addDays, firstStartOnOrAfter, startDaysWords, weekdayOf } from './plan-dates.ts';

describe('a plan’s start days', () => {
  it('[PLANS-WEB-01] the first day a plan fits, from a day on, whatever the browser’s zone; the days in words', () => {
    // 2026-12-01 is a Tuesday.
    expect(weekdayOf('2026-12-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(firstStartOnOrAfter('2026-12-01', [2, 3])).toBe('2026-12-01');
    expect(firstStartOnOrAfter('2026-12-01', [0])).toBe('2026-12-06');
    expect(firstStartOnOrAfter('2026-12-01', [1])).toBe('2026-12-07');
    expect(startDaysWords([0, 1, 2, 3, 4, 5, 6])).toBe('any day');
    expect(startDaysWords([0, 2, 3])).toBe('Tuesday, Wednesday or Sunday');
  });
});
