import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE } from '@tripcrew/contracts/constants';
import type { Notification } from '@tripcrew/contracts/notifications';
import { api } from '../../../lib/api-client.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import {
  HEADER_NOTIFICATIONS_STALE_MS,
  notificationKeys,
  NOTIFICATIONS_PATH,
  PANEL_NOTIFICATIONS_STALE_MS,
} from './notification-keys.ts';

export type { Notification };

/** GET /users/notifications: the newest page, newest first. */
export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return parseWithLoadedSchema(
    api.get<unknown>(NOTIFICATIONS_PATH, { query: { skip: 0, limit: NOTIFICATIONS_PAGE_SIZE }, signal }),
    import('@tripcrew/contracts/notifications').then((module) => module.notificationsResponseSchema),
    'Unexpected notifications data',
  );
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
