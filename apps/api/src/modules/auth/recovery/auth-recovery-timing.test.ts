import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { RECOVERY_ANSWER_MS } from './auth-recovery.service.ts';
import { askRecovery } from '../auth.fixtures.ts';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe('POST /auth/recovery timing', () => {
  const t = useTestApp();

  it('a known and an unknown address take the same time, over 40 alternating calls', async () => {
    const known = await createUser(t);
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 40; i += 1) {
      const kind = i % 2 === 0 ? 'known' : 'unknown';
      const email = kind === 'known' ? known.email : uniqueEmail('nobody');
      const started = performance.now();
      const res = await askRecovery(t, email);
      times[kind].push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    const [knownMedian, unknownMedian] = [median(times.known), median(times.unknown)];
    // Both wait for the same floor, so what the work of a known address costs does not show.
    expect(knownMedian).toBeGreaterThanOrEqual(RECOVERY_ANSWER_MS);
    expect(unknownMedian).toBeGreaterThanOrEqual(RECOVERY_ANSWER_MS);
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(RECOVERY_ANSWER_MS * 0.2);
  });
});
