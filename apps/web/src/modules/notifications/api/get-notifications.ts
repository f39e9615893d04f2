import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Notification,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsResponseSchema,
} from '@tripcrew/contracts/notifications';
import { api } from '../../../lib/api-client.ts';
import {
  HEADER_NOTIFICATIONS_STALE_MS,
  notificationKeys,
  NOTIFICATIONS_PATH,
  PANEL_NOTIFICATIONS_STALE_MS,
} from './notification-keys.ts';

export type { Notification };

/** GET /users/notifications: the newest page, newest first. */
export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const data = await api.get<unknown>(NOTIFICATIONS_PATH, {
    query: { skip: 0, limit: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
  const parsed = notificationsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected notifications data');
  return parsed.data;
}

/**
 * One cached list shared by the header and the panel; each reader brings its own lifetime
 * (staleTime is per observer): 1 minute for the header, 2 minutes for the panel (SPEC §9).
 */
export const notificationsQueryOptions = (staleTime: number) =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime,
    gcTime: Math.max(staleTime, 5 * 60_000),
  });

export const hasUnseenNotification = (list: readonly Notification[] | undefined): boolean =>
  Boolean(list?.some((notification) => !notification.seen));

/** The header's reader: only for signed-in users (visitors never call it); cached 1 minute. */
export function useHeaderNotifications(signedIn: boolean) {
  return useQuery({ ...notificationsQueryOptions(HEADER_NOTIFICATIONS_STALE_MS), enabled: signedIn });
}

/** The panel's reader: cached 2 minutes. */
export function usePanelNotifications(signedIn: boolean) {
  return useQuery({ ...notificationsQueryOptions(PANEL_NOTIFICATIONS_STALE_MS), enabled: signedIn });
}
