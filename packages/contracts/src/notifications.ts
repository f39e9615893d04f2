import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from './constants.ts';

export const NOTIFICATION_KINDS = [
  'crew-request',
  'crew-accepted',
  'trip-added',
  'trip-dates-changed',
  'trip-deleted',
  'trip-role-changed',
  'trip-removed',
  'trip-members',
  'trip-expense',
  'trip-booking',
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

export const notificationParamsSchema = z.strictObject({ id: idSchema });
export const notificationPatchBodySchema = z.strictObject({ seen: z.literal(true) });

/**
 * The caller's notification settings (profile). Trips: being added to a trip, its dates changed,
 * the trip deleted; crew: requests and answers; messages: the email digest of unread messages
 * (messages always show in the app: the unread counts are how people find them).
 */
export const notificationSettingsSchema = z.object({
  trips: z.object({ inApp: z.boolean(), email: z.boolean() }),
  crew: z.object({ inApp: z.boolean() }),
  messages: z.object({ email: z.boolean() }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /users/notification-settings: only what changes. */
export const notificationSettingsPatchSchema = z
  .strictObject({
    trips: z.strictObject({ inApp: z.boolean().optional(), email: z.boolean().optional() }).optional(),
    crew: z.strictObject({ inApp: z.boolean().optional() }).optional(),
    messages: z.strictObject({ email: z.boolean().optional() }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change: name a setting' });
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;

/** The email topics a mail's one-click unsubscribe link turns off. */
export const EMAIL_TOPICS = ['trips', 'messages'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

/** POST /notifications/unsubscribe?token=… (RFC 8058 one-click, no sign-in: the token is the proof). */
export const unsubscribeQuerySchema = z.strictObject({
  token: lineText(undefined, { trim: false })
    .min(20, 'This unsubscribe link is not complete')
    .max(400, 'This unsubscribe link is not valid'),
});
export const unsubscribeResultSchema = z.object({ topic: z.enum(EMAIL_TOPICS) });
