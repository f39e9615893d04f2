import { afterEach, describe, expect, it, vi } from 'vitest';
import { logCrewError } from './crew-errors.ts';

describe('crew error logging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('[CREW-07] logs a failed crew call to the console only', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logCrewError('search', new Error('offline'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('Crew: search failed');
  });

  it('[CREW-07] a cancelled request (a newer search, a refetch) is not a failure and is not logged', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logCrewError('search', new DOMException('signal is aborted without reason', 'AbortError'));
    const wrapped = Object.assign(new Error('Network error'), {
      cause: new DOMException('aborted', 'AbortError'),
    });
    logCrewError('loading requests', wrapped);
    expect(log).not.toHaveBeenCalled();
  });
});
