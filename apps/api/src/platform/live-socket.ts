import websocket from '@fastify/websocket';
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_REASON_SESSION_ENDED,
  LIVE_CLOSE_REASON_TOKEN_EXPIRED,
  LIVE_CLOSE_UNAUTHORIZED,
  liveClientFrameSchema,
  type LiveServerFrame,
} from '@tripcrew/contracts/live';
import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt } from 'jose';
import type { RawData, WebSocket } from 'ws';
import { AppError } from './errors.ts';
import type { LiveHub } from './live-hub.ts';
import { AccessTokenError, type AccessTokens } from './tokens.ts';

/**
 * The WebSocket GET /api/users/ws (MSG-11, MSG-12). The client's FIRST frame authenticates:
 * `{ "type": "auth", "token": "<access token>" }`, checked with the same verifier as the bearer
 * guard; the server answers `{ "type": "ready", "userId" }`. No auth frame within 5 s, another
 * frame first, or a token that is not valid: close 4401 (reason `token-expired` when it has only
 * expired, so the client refreshes and reconnects). The token never travels in the URL, and
 * frames are never logged, so it never reaches a log line. An authenticated socket is closed
 * with 4401 `token-expired` when its access token expires; the client reconnects with a fresh one
 * and catches up (GET /users/messages/{chatId}?after=seq).
 */

export const LIVE_ROUTE = '/users/ws';
/** Client frames are tiny (auth, ping): anything larger is a mistake or an attack. */
const MAX_CLIENT_FRAME_BYTES = 8 * 1024;
/** Protocol-level pings find dead connections (a laptop closed mid-session) and free them. */
const HEARTBEAT_MS = 30_000;

/** Told when a WebSocket opens and when it closes, authenticated or not (metrics). */
export interface LiveConnectionCounter {
  opened(): void;
  closed(): void;
}

export interface LiveSocketDeps {
  hub: LiveHub;
  tokens: AccessTokens;
  /** Whether the session a token was issued for is still active (a logged-out one is refused). */
  sessionActive?: ((userId: string, sessionId: string) => Promise<boolean>) | undefined;
  /** Whether the account a token names still exists (a token of a removed user is refused). */
  accountExists?: ((userId: string) => Promise<boolean>) | undefined;
  connections?: LiveConnectionCounter | undefined;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function send(socket: WebSocket, frame: LiveServerFrame): void {
  if (socket.readyState === 1) socket.send(JSON.stringify(frame));
}

/** Milliseconds until the (already verified) token expires, or undefined when it has no exp. */
function expiresInMs(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? Math.max(0, exp * 1000 - Date.now()) : undefined;
  } catch {
    return undefined;
  }
}

export const liveSocketRoutes =
  (deps: LiveSocketDeps): FastifyPluginAsync =>
  async (app) => {
    // Registered inside this plugin: the upgrade handling applies to this route only.
    await app.register(websocket, {
      options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false },
      // The plugin's default waits on the ws server's close (and calls back twice), which held
      // the HTTP listener open during shutdown. Sockets still waiting for their auth frame are
      // closed here; signed-in ones are closed by the hub's own preClose (1001, then cut).
      preClose(done) {
        for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
        done();
      },
      // An unclean disconnect is routine: one short line, never the frames.
      errorHandler: (error, socket, request) => {
        request.log.warn({ err: error.message }, 'live socket error');
        socket.terminate();
      },
    });

    app.route({
      method: 'GET',
      url: LIVE_ROUTE,
      schema: {
        tags: ['live'],
        summary: 'Live events over a WebSocket (upgrade)',
        description:
          'Upgrade to a WebSocket. The first frame must be {"type":"auth","token":"<access token>"} within 5 s; the server answers {"type":"ready","userId"} or closes with 4401 (reason "token-expired" when the token only expired). Then the server pushes message, notification, trip and crew frames (packages/contracts/src/live.ts); {"type":"ping"} answers {"type":"pong"}. The token never goes in the URL.',
      },
      // A plain GET (no Upgrade header) gets an error it can act on, as JSON like every other error.
      handler: async () => {
        throw new AppError(
          'UPGRADE_REQUIRED',
          'This is a WebSocket endpoint: connect with an "Upgrade: websocket" request.',
          426,
        );
      },
      wsHandler: (socket, request) => {
        let state: 'waiting' | 'checking' | 'ready' = 'waiting';
        let detach: (() => void) | undefined;
        let expiry: NodeJS.Timeout | undefined;
        let alive = true;
        deps.connections?.opened();

        const unauthorized = (reason: string): void => {
          socket.close(LIVE_CLOSE_UNAUTHORIZED, reason);
        };
        const authTimer = setTimeout(() => {
          if (state !== 'ready') unauthorized('Authentication timed out: send {"type":"auth","token"} first');
        }, LIVE_AUTH_TIMEOUT_MS);
        const heartbeat = setInterval(() => {
          if (!alive) {
            socket.terminate();
            return;
          }
          alive = false;
          socket.ping();
        }, HEARTBEAT_MS);
        heartbeat.unref();

        socket.on('pong', () => {
          alive = true;
        });

        socket.on('close', () => {
          deps.connections?.closed();
          clearTimeout(authTimer);
          clearInterval(heartbeat);
          if (expiry) clearTimeout(expiry);
          detach?.();
          detach = undefined;
        });

        socket.on('message', (data, isBinary) => {
          alive = true;
          let parsed: unknown;
          try {
            parsed = isBinary ? undefined : JSON.parse(textOf(data));
          } catch {
            parsed = undefined;
          }
          const frame = liveClientFrameSchema.safeParse(parsed);

          if (state === 'checking') return;
          if (state === 'waiting') {
            if (!frame.success || frame.data.type !== 'auth') {
              unauthorized('Authenticate first: send {"type":"auth","token"}');
              return;
            }
            state = 'checking';
            const token = frame.data.token;
            deps.tokens
              .verify(token)
              .then(async (claims) => {
                const exists = !deps.accountExists || (await deps.accountExists(claims.userId));
                const active =
                  !claims.sessionId ||
                  !deps.sessionActive ||
                  (await deps.sessionActive(claims.userId, claims.sessionId));
                return { claims, exists, active };
              })
              .then(
                ({ claims, exists, active }) => {
                  clearTimeout(authTimer);
                  if (socket.readyState !== 1) return;
                  if (!exists) {
                    unauthorized('Invalid access token: sign in again');
                    return;
                  }
                  if (!active) {
                    unauthorized(LIVE_CLOSE_REASON_SESSION_ENDED);
                    return;
                  }
                  state = 'ready';
                  detach = deps.hub.attach(claims.userId, socket, claims.sessionId);
                  const ttl = expiresInMs(token);
                  if (ttl !== undefined)
                    expiry = setTimeout(() => unauthorized(LIVE_CLOSE_REASON_TOKEN_EXPIRED), ttl);
                  request.log.debug({ userId: claims.userId }, 'live socket authenticated');
                  send(socket, { type: 'ready', userId: claims.userId });
                },
                (error: unknown) => {
                  clearTimeout(authTimer);
                  const expired = error instanceof AccessTokenError && error.reason === 'expired';
                  unauthorized(
                    expired ? LIVE_CLOSE_REASON_TOKEN_EXPIRED : 'Invalid access token: sign in again',
                  );
                },
              );
            return;
          }
          // Authenticated: ping answers pong; anything else (a repeated auth frame included) is ignored.
          if (frame.success && frame.data.type === 'ping') send(socket, { type: 'pong' });
        });
      },
    });
  };
