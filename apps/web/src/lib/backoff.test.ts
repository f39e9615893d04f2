import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  const options = { initialMs: 1000, maxMs: 30_000 };

  it('doubles the step from the initial delay up to the cap', () => {
    const full = { ...options, random: () => 1 };
    expect([0, 1, 2, 3, 4, 5, 6, 20, 200].map((attempt) => backoffDelay(attempt, full))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits between half and all of the step (equal jitter)', () => {
    expect(backoffDelay(0, { ...options, random: () => 0 })).toBe(500);
    expect(backoffDelay(10, { ...options, random: () => 0 })).toBe(15_000);
    for (let i = 0; i < 50; i += 1) {
      const delay = backoffDelay(3, options);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });
});
