import { z } from 'zod';
import { lineText } from './common.ts';

/**
 * "Your devices" (issue 22): the signed-in sessions of the caller. A session is one refresh-token
 * family (docs/decisions/006): one sign-in on one device, kept alive by its refreshes.
 */

export const deviceKindSchema = z.enum(['desktop', 'phone', 'tablet']);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

export const deviceSessionSchema = z.object({
  /** The session (refresh-token family) id: what DELETE /auth/sessions/{id} takes. */
  _id: z.string(),
  /** "Chrome 131 on Windows"; "Unknown browser" when the client sent no readable User-Agent. */
  label: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  kind: deviceKindSchema,
  /**
   * The network the device was last seen from, never the whole address: "203.0.113.x" for IPv4,
   * "2001:db8:abcd::/48" for IPv6; null when unknown.
   */
  network: z.string().nullable(),
  /** ISO date-times: when the device signed in, and when it last used the session. */
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** True for the session of the access token that asked. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** Newest use first; the current session is among them. */
export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponseSchema>;

export const deviceSessionParamsSchema = z.strictObject({
  id: lineText(undefined, { trim: false }).min(1).max(64),
});

export const revokeSessionResponseSchema = z.object({
  ok: z.literal(true),
  /** True when the session revoked was the caller's own: the caller is now signed out. */
  signedOut: z.boolean(),
});
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponseSchema>;

export const revokeOtherSessionsResponseSchema = z.object({
  ok: z.literal(true),
  /** How many sessions were ended. */
  revoked: z.number().int().nonnegative(),
});
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;
