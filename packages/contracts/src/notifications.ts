import { z } from 'zod';
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from './constants.ts';

export const NOTIFICATION_KINDS = [
  'crew-request',
  'crew-accepted',
  'trip-added',
  'trip-dates-changed',
  'trip-deleted',
  'message',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** SPEC §3 "Notification". */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  short: z.string(),
  message: z.string(),
  seen: z.boolean(),
  ref: z.object({ tripId: z.string().optional(), userId: z.string().optional() }),
  createdAt: z.string().describe('ISO 8601 timestamp (updated when a chat notification is refreshed)'),
});
export type Notification = z.infer<typeof notificationSchema>;

export { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE };

/** GET /users/notifications?skip&limit: newest first. */
export const notificationsQuerySchema = z.strictObject({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
});
/** A plain list (SPEC §7 "list of notifications"); X-Total-Count and X-Unseen-Count headers carry the counts. */
export const notificationsResponseSchema = z.array(notificationSchema);

export const notificationParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const notificationPatchBodySchema = z.strictObject({ seen: z.literal(true) });
