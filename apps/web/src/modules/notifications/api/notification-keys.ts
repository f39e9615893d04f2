/** TanStack Query keys of the notifications module. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
};

export const NOTIFICATIONS_PATH = '/users/notifications';

/** SPEC §9: the notification list is cached 1 minute in the header, 2 minutes in the panel. */
export const HEADER_NOTIFICATIONS_STALE_MS = 60_000;
export const PANEL_NOTIFICATIONS_STALE_MS = 120_000;
