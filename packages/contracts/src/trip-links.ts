import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema, lineText } from './common.ts';
import { featureSchema } from './features.ts';
import { TRIP_MAX_MEMBERS, tripRoleSchema, transportModeSchema } from './trips.ts';

/**
 * Links to a trip (a sub-resource of trips): invite links that let someone join with a role, and
 * the public read-only share link. Tokens are shown once, when made; the server keeps only their
 * SHA-256 hash.
 */

/** Roles an invite link may grant: every role but admin (admins are made by an admin, by hand). */
export const INVITE_ROLES = ['member', 'driver', 'guide', 'guest', 'other', 'viewer'] as const;
export const inviteRoleSchema = z.enum(INVITE_ROLES, {
  error: `The role must be one of ${INVITE_ROLES.join(', ')} (an invite link cannot make an admin)`,
});

export const INVITE_MAX_DAYS = 30;
export const INVITE_DEFAULT_DAYS = 7;
/** Active (not revoked, not expired) invite links a trip may have at once. */
export const INVITE_MAX_ACTIVE = 20;

/** POST /core/trips/{id}/invites */
export const createTripInviteBodySchema = z.strictObject({
  role: inviteRoleSchema.default('member'),
  expiresInDays: z
    .number()
    .int('The expiry is a whole number of days')
    .min(1, 'An invite link lasts at least 1 day')
    .max(INVITE_MAX_DAYS, `An invite link lasts at most ${INVITE_MAX_DAYS} days`)
    .default(INVITE_DEFAULT_DAYS),
  maxUses: z
    .number()
    .int('The use limit is a whole number')
    .min(1, 'The use limit is at least 1')
    .max(TRIP_MAX_MEMBERS, `The use limit is at most ${TRIP_MAX_MEMBERS}`)
    .nullable()
    .default(null),
});
export type CreateTripInviteBody = z.input<typeof createTripInviteBodySchema>;

export const tripInviteSchema = z.object({
  _id: z.string(),
  role: inviteRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type TripInvite = z.infer<typeof tripInviteSchema>;
export const tripInvitesSchema = z.array(tripInviteSchema);

/** The answer of POST …/invites: the link, shown this once. */
export const createdTripInviteSchema = tripInviteSchema.extend({
  token: z.string(),
  url: z.string().describe('APP_URL/invite/{token}'),
});
export type CreatedTripInvite = z.infer<typeof createdTripInviteSchema>;

/** POST /core/trips/{id}/invites/email: an invite link for one person, sent by mail (one use). */
export const emailTripInviteBodySchema = z.strictObject({
  email: emailSchema,
  role: inviteRoleSchema.default('member'),
});
export type EmailTripInviteBody = z.input<typeof emailTripInviteBodySchema>;
export const emailedTripInviteSchema = tripInviteSchema.extend({ sentTo: z.string() });
export type EmailedTripInvite = z.infer<typeof emailedTripInviteSchema>;

export const tripInviteParamsSchema = z.strictObject({ id: idSchema, inviteId: idSchema });
export const linkTokenParamsSchema = z.strictObject({
  token: lineText(undefined, { trim: false }).min(1).max(200),
});

/** GET|POST /core/invites/block?token=…: the link of an invitation mail that stops further ones. */
export const inviteBlockQuerySchema = z.strictObject({
  token: lineText(undefined, { trim: false }).min(1).max(200),
});

/** GET /core/invites/{token}: what the invitee sees before joining. */
export const invitePreviewSchema = z.object({
  tripId: z.string(),
  tripName: z.string(),
  place: z.object({ _id: z.string(), name: z.string() }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  role: inviteRoleSchema,
  invitedBy: z.string().nullable().describe('the first name of who made the link'),
  expiresAt: z.string(),
  alreadyMember: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** POST /core/invites/{token}/join */
export const joinedTripSchema = z.object({
  tripId: z.string(),
  role: tripRoleSchema,
  alreadyMember: z.boolean(),
});
export type JoinedTrip = z.infer<typeof joinedTripSchema>;

/** GET|POST /core/trips/{id}/share: whether the public link is on; `url` only in POST's answer. */
export const tripShareSchema = z.object({
  enabled: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type TripShare = z.infer<typeof tripShareSchema>;

export const sharedPlanItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['feature', 'place', 'note']),
  featureId: z.string().nullable(),
  title: z.string(),
  time: z.string().nullable(),
});
export type SharedPlanItem = z.infer<typeof sharedPlanItemSchema>;

/** A booking as the share page shows it: its kind, where and when — never its code, seat or cost. */
export const sharedBookingSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** Where: the place's name, or "from → to" for a journey; '' when it has none. */
  place: z.string(),
  start: z.object({ local: z.string(), zone: z.string() }),
  end: z.object({ local: z.string(), zone: z.string() }).nullable(),
});
export type SharedBooking = z.infer<typeof sharedBookingSchema>;

/**
 * GET /share/{token}: the trip as anyone with the link sees it — name, place, dates, features and
 * day plan, and the members' first names; nothing else (no emails, checklist or messages).
 */
export const sharedTripSchema = z.object({
  tripName: z.string(),
  place: z.object({ _id: z.string(), name: z.string() }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  transportMode: transportModeSchema,
  image: z.string(),
  crew: z.array(z.string()).describe('first names only'),
  features: z.array(featureSchema),
  days: z.array(z.object({ date: z.string(), items: z.array(sharedPlanItemSchema) })),
  /** The bookings an admin has not hidden, soonest first: kind, place and time only. */
  bookings: z.array(sharedBookingSchema),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;
