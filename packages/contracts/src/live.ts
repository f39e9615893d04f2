import { z } from 'zod';
import { messageSchema } from './chats.ts';
import { lineText } from './common.ts';
import { notificationSchema } from './notifications.ts';

/**
 * Frames the server pushes over the WebSocket /api/users/ws (JSON text frames). The client
 * authenticates with its first frame `{ "type": "auth", "token": "<access token>" }` (the token
 * never goes in the URL, so it never reaches a log line); the server answers `ready` or closes
 * with code 4401.
 */
/**
 * The access token of the auth frame: one line of text (no control or text-direction character),
 * at most 4096 characters, in the compact JWT alphabet (base64url and dots). Anything else closes
 * the socket with 4401 before the token is even verified.
 */
export const liveAuthTokenSchema = lineText(undefined, { trim: false })
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_.-]+$/, 'An access token is base64url text and dots.');

export const liveClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: liveAuthTokenSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof liveClientFrameSchema>;

export const liveServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message'), message: messageSchema }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({
    type: z.literal('trip'),
    tripId: z.string(),
    change: z.enum([
      'updated',
      'deleted',
      'members',
      'features',
      'planner',
      'packing',
      'places',
      'bookings',
      'expenses',
      'presence',
      'history',
    ]),
  }),
  z.object({ type: z.literal('crew'), change: z.enum(['requested', 'accepted', 'declined', 'removed']) }),
]);
export type LiveServerFrame = z.infer<typeof liveServerFrameSchema>;

export {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_REASON_SESSION_ENDED,
  LIVE_CLOSE_REASON_TOKEN_EXPIRED,
  LIVE_CLOSE_UNAUTHORIZED,
} from './constants.ts';
