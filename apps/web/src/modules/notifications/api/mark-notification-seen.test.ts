import { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@tripcrew/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { upsertLiveNotification } from './mark-notification-seen.ts';
import { notificationKeys } from './notification-keys.ts';

const note = (id: string, createdAt: string, title = id): Notification => ({
  _id: id,
  kind: 'trip-role-changed',
  title,
  short: title,
  message: title,
  seen: false,
  ref: { tripId: 't1' },
  createdAt,
});

describe('live notifications', () => {
  it('[NOTIF-09] frames arriving out of order leave the list newest first; a refreshed one moves to its new place', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Notification[]>(notificationKeys.list(), [
      note('a', '2031-01-01T10:00:00.000Z'),
    ]);
    // "made you a member" (10:02) arrives before the older "made you a viewer" (10:01).
    upsertLiveNotification(queryClient, note('member', '2031-01-01T10:02:00.000Z', 'made you a member'));
    upsertLiveNotification(queryClient, note('viewer', '2031-01-01T10:01:00.000Z', 'made you a viewer'));
    const titles = () =>
      queryClient.getQueryData<Notification[]>(notificationKeys.list())?.map((n) => n.title);
    expect(titles()).toEqual(['made you a member', 'made you a viewer', 'a']);

    // A chat notification refreshed later replaces its copy and goes first.
    upsertLiveNotification(queryClient, note('a', '2031-01-01T10:05:00.000Z', 'a again'));
    expect(titles()).toEqual(['a again', 'made you a member', 'made you a viewer']);

    // Two at the same moment: the server's tie order (the greater id first).
    upsertLiveNotification(queryClient, note('b1', '2031-01-01T10:05:00.000Z'));
    expect(titles()?.slice(0, 2)).toEqual(['b1', 'a again']);
  });

  it('[NOTIF-09] without a cached list the frame only marks the list stale (the next read fetches it)', () => {
    const queryClient = new QueryClient();
    upsertLiveNotification(queryClient, note('x', '2031-01-01T10:00:00.000Z'));
    expect(queryClient.getQueryData(notificationKeys.list())).toBeUndefined();
  });
});
