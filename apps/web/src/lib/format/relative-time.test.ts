import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { formatRelativeTime } from './relative-time.ts';

afterEach(() => i18n.activate('en', 'en-GB'));

const now = Date.UTC(2026, 11, 11, 12, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relative times', () => {
  it('minutes, hours and days ago, then the day itself', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hr ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(formatRelativeTime(new Date(2026, 10, 1, 12), now)).toBe('01.11.2026');
    expect(formatRelativeTime('', now)).toBe('');
  });

  it('follows the locale', () => {
    i18n.activate('de', 'de-DE');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('vor 5 Min.');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('gestern');
  });
});
