import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { useCallback } from 'react';
import type { Notification } from '@tripcrew/contracts/notifications';

import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { notificationKeys, NOTIFICATIONS_PATH } from './notification-keys.ts';

/** PATCH /users/notifications/{id} {seen:true} → the notification. */
export async function markNotificationSeen(id: string): Promise<Notification> {
  return parseWithLoadedSchema(
    apiWrite<unknown>('PATCH', `${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}`, { seen: true }),
    import('@tripcrew/contracts/notifications').then((module) => module.notificationSchema),
    'Unexpected notification data',
  );
}

/** Replaces one notification of the cached list (same _id), keeping its place. */
export function replaceCachedNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
    list?.map((item) => (item._id === notification._id ? notification : item)),
  );
}

/** The server's order: newest first, then the greater id first (GET /users/notifications). */
function newestFirst(a: Notification, b: Notification): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/**
 * A notification pushed live (NOTIF-09): put in its place by time, replacing an older copy with
 * the same _id (a chat notification is refreshed rather than duplicated). Frames may arrive out
 * of order (two changes a moment apart, a reconnect): the list stays newest first whatever the
 * order they came in. Without a cached list, the next read fetches it anyway: the list is marked
 * stale.
 */
export function upsertLiveNotification(queryClient: QueryClient, notification: Notification): void {
  const cached = queryClient.getQueryData<Notification[]>(notificationKeys.list());
  if (!cached) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    return;
  }
  queryClient.setQueryData<Notification[]>(
    notificationKeys.list(),
    [notification, ...cached.filter((item) => item._id !== notification._id)].sort(newestFirst),
  );
}

/** Ids a PATCH was already sent for in this page session: each notification is marked once. */
const sentSeen = new Set<string>();

/** Test hook: forget which notifications were marked. */
export function resetSentSeen(): void {
  sentSeen.clear();
}

/** Marks a notification seen once (NOTIF-04): the cached list is updated at once and with the answer. */
export function useMarkNotificationSeen() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: markNotificationSeen,
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((item) => (item._id === id ? { ...item, seen: true } : item)),
      );
    },
    onSuccess: (notification) => replaceCachedNotification(queryClient, notification),
    onError: (_error, id) => {
      // Allow another try later; the list comes back from the server as it is.
      sentSeen.delete(id);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
  const { mutate } = mutation;
  return useCallback(
    (id: string) => {
      if (sentSeen.has(id)) return;
      sentSeen.add(id);
      mutate(id);
    },
    [mutate],
  );
}
