import { z } from 'zod';
import { messageSchema } from './chats.ts';
import { notificationSchema } from './notifications.ts';

/**
 * Frames the server pushes over the WebSocket /api/users/ws (JSON text frames). The client
 * authenticates with its first frame `{ "type": "auth", "token": "<access token>" }` (the token
 * never goes in the URL, so it never reaches a log line); the server answers `ready` or closes
 * with code 4401.
 */
export const liveClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
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
    change: z.enum(['updated', 'deleted', 'members', 'features', 'planner']),
  }),
  z.object({ type: z.literal('crew'), change: z.enum(['requested', 'accepted', 'declined', 'removed']) }),
]);
export type LiveServerFrame = z.infer<typeof liveServerFrameSchema>;

/** Close code when the auth frame is missing, late (5 s) or its token is not valid. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/**
 * The close reason (with 4401) when the access token has expired, at auth or later while the
 * socket is open: refresh the token, reconnect, then catch up with GET /users/messages/{chatId}?after=seq.
 */
export const LIVE_CLOSE_REASON_TOKEN_EXPIRED = 'token-expired';
export const LIVE_AUTH_TIMEOUT_MS = 5000;
