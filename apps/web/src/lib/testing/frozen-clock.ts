import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClient } from '../api-client.ts';

/**
 * For the calling test file: each test runs with Date frozen at `now` (timers stay real) and a
 * fresh API client; afterwards the clock, stubbed globals and spies are restored.
 */
export function freezeDateEachTest(now: Date | number): void {
  beforeEach(() => {
    resetApiClient();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetApiClient();
  });
}
