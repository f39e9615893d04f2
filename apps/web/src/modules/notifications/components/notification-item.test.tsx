import type { Notification } from '@tripcrew/contracts/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/shell-test-utils.tsx';
import { NotificationItem, notificationDetail } from './notification-item.tsx';

const DATES_CHANGED: Notification = {
  _id: 'n-1',
  kind: 'trip-dates-changed',
  title: 'Trip dates changed',
  short: 'Ana Lima changed the dates of Lisbon, Portugal',
  message: 'Ana Lima changed the dates of Lisbon, Portugal. The trip now runs from 1 Dec 2026 to 8 Dec 2026.',
  seen: true,
  ref: { tripId: 't-1' },
  createdAt: '2026-11-26T10:00:00.000Z',
};

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('NotificationItem', () => {
  it('shows the title once and the message once, not the summary that repeats it', () => {
    renderAt(<NotificationItem notification={DATES_CHANGED} onSeen={vi.fn()} />);
    const item = screen.getByTestId('notification-item');
    const text = item.textContent ?? '';
    expect(occurrences(text, 'Trip dates changed')).toBe(1);
    expect(occurrences(text, 'Ana Lima changed the dates of Lisbon, Portugal')).toBe(1);
    expect(text).toContain('The trip now runs from 1 Dec 2026 to 8 Dec 2026.');
  });

  it('falls back to the summary without a message and drops a line equal to the title', () => {
    expect(notificationDetail({ ...DATES_CHANGED, message: '' })).toBe(DATES_CHANGED.short);
    expect(notificationDetail({ ...DATES_CHANGED, message: ' trip dates changed ', short: '' })).toBeNull();
  });
});
