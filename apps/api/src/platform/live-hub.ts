import {
  LIVE_CLOSE_REASON_SESSION_ENDED,
  LIVE_CLOSE_UNAUTHORIZED,
  liveServerFrameSchema,
  type LiveServerFrame,
} from '@tripcrew/contracts/live';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { afterRequestCommit } from '../db/request-transaction.ts';
import { redisOutage } from './redis.ts';

/**
 * The live hub (MSG-12, MSG-13): who holds which sockets on this instance, and delivery of
 * server frames to every socket of some users, wherever those sockets are.
 *
 *   await live.publish([userId], { type: 'notification', notification });
 *
 * - Without REDIS_URL: delivered in-process to this instance's sockets.
 * - With REDIS_URL: published on one Redis channel; every instance (this one included) listens on
 *   a dedicated subscriber connection and delivers to its own sockets, so a socket held by
 *   instance A receives what instance B published.
 * - Redis away: frames are delivered locally (sockets on other instances miss them and catch up
 *   when they reconnect, MSG-14); one warning line per outage, never a crash.
 * - Ending sessions (logout, a revoked refresh family) travels the same way as a control envelope:
 *   each instance closes the sockets of those sessions with 4401 `session-ended`.
 */

/** The socket surface the hub needs (a `ws` WebSocket satisfies it). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface LiveHub {
  /** 'redis' when frames go through Redis pub/sub, 'local' when they stay in-process. */
  readonly mode: 'local' | 'redis';
  /** Delivers the frame to every socket of these users (never throws). */
  publish(userIds: readonly string[], frame: LiveServerFrame): Promise<void>;
  /**
   * Registers an authenticated socket of a user (and of the session its token was issued for);
   * returns the function that removes it.
   */
  attach(userId: string, socket: LiveSocket, sessionId?: string): () => void;
  /** Closes the user's sockets of these sessions (null: all but `except`), on every instance. */
  endSessions(userId: string, sessionIds: readonly string[] | null, except?: string): Promise<void>;
  /** Sockets held by this instance (of one user, or all). */
  socketCount(userId?: string): number;
  /** Resolves once the Redis subscription is live, or after timeoutMs (then frames stay local). */
  ready(timeoutMs: number): Promise<void>;
  /** Closes every socket (1001, then terminates the ones that do not finish the handshake). */
  closeSockets(graceMs?: number): Promise<void>;
  /** Ends the Redis subscriber connection. */
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'tripcrew:live';
const OPEN = 1;
const CLOSED = 3;

const envelopeSchema = z.object({
  userIds: z.array(z.string().min(1).max(64)).max(100_000),
  frame: liveServerFrameSchema,
});
const endEnvelopeSchema = z.object({
  userIds: z.array(z.string().min(1).max(64)).length(1),
  end: z.object({
    sessionIds: z.array(z.string().min(1).max(64)).max(1000).nullable(),
    except: z.string().min(1).max(64).optional(),
  }),
});
type EndSessions = z.infer<typeof endEnvelopeSchema>['end'];

export interface LiveHubDeps {
  /** The shared Redis connection (commands); the hub opens its own subscriber from it. */
  redis?: Redis | undefined;
  log: FastifyBaseLogger;
}

export function createLiveHub(deps: LiveHubDeps): LiveHub {
  const { redis, log } = deps;
  const sockets = new Map<string, Set<LiveSocket>>();
  const sessionOf = new WeakMap<LiveSocket, string>();
  const key = (userId: string) => userId.toLowerCase();

  function endLocal(userId: string, end: EndSessions): void {
    const set = sockets.get(key(userId));
    if (!set) return;
    for (const socket of [...set]) {
      const session = sessionOf.get(socket);
      const ends =
        end.sessionIds === null
          ? session === undefined || session !== end.except
          : session !== undefined && end.sessionIds.includes(session);
      if (!ends) continue;
      set.delete(socket);
      try {
        socket.close(LIVE_CLOSE_UNAUTHORIZED, LIVE_CLOSE_REASON_SESSION_ENDED);
      } catch {
        socket.terminate();
      }
    }
    if (set.size === 0) sockets.delete(key(userId));
  }

  function deliverLocal(userIds: readonly string[], frame: LiveServerFrame): void {
    const data = JSON.stringify(frame);
    for (const userId of new Set(userIds.map(key))) {
      for (const socket of sockets.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue;
        try {
          socket.send(data);
        } catch {
          // A socket that broke between the check and the send is removed by its close handler.
        }
      }
    }
  }

  /** Whether an envelope (not yet validated) names a user with a socket on this instance. */
  function addressesLocalSocket(envelope: unknown): boolean {
    const userIds = (envelope as { userIds?: unknown } | null)?.userIds;
    if (!Array.isArray(userIds)) return true; // malformed: validation reports it
    return userIds.some((id) => typeof id !== 'string' || sockets.has(key(id)));
  }

  // ------------------------------------------------------------ Redis fan-out

  const subscriber = redis?.duplicate();
  let subscribed = false;
  const subscribers = new Set<() => void>();
  // One outage account with the shared connection: one warning line per outage, not one per part.
  const outage = redis ? redisOutage(redis, log) : undefined;
  const warnOnce = (reason: string): void => outage?.down('pubsub', reason);

  if (subscriber) {
    subscriber.on('error', (err: Error) => warnOnce(err.message));
    subscriber.on('close', () => {
      subscribed = false;
    });
    subscriber.on('ready', () => {
      subscriber
        .subscribe(LIVE_CHANNEL)
        .then(() => {
          subscribed = true;
          outage?.up('pubsub');
          for (const notify of subscribers) notify();
        })
        .catch((err: Error) => warnOnce(err.message));
    });
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== LIVE_CHANNEL) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      // Every instance hears every frame: skip validation for those nobody here holds a socket for.
      if (!addressesLocalSocket(parsed)) return;
      const ending = endEnvelopeSchema.safeParse(parsed);
      if (ending.success) {
        endLocal(ending.data.userIds[0] as string, ending.data.end);
        return;
      }
      const envelope = envelopeSchema.safeParse(parsed);
      if (!envelope.success) {
        log.warn('live: ignored a malformed frame from redis');
        return;
      }
      deliverLocal(envelope.data.userIds, envelope.data.frame);
    });
  }

  async function publishNow(userIds: readonly string[], frame: LiveServerFrame): Promise<void> {
    const ids = [...new Set(userIds.map(key))];
    if (ids.length === 0) return;
    if (redis && subscribed && redis.status === 'ready') {
      try {
        await redis.publish(LIVE_CHANNEL, JSON.stringify({ userIds: ids, frame }));
        return;
      } catch (err) {
        warnOnce(err instanceof Error ? err.message : String(err));
      }
    } else if (redis) {
      warnOnce(`redis connection is ${redis.status}${subscribed ? '' : ', not subscribed'}`);
    }
    deliverLocal(ids, frame);
  }

  return {
    mode: redis ? 'redis' : 'local',

    // After the commit of a request's transaction (db/request-transaction.ts): a frame makes pages
    // read the change again, which another connection sees only once it is committed.
    publish: (userIds, frame) => afterRequestCommit(() => publishNow(userIds, frame)) ?? Promise.resolve(),

    async endSessions(userId, sessionIds, except) {
      const end: EndSessions = {
        sessionIds: sessionIds ? [...sessionIds] : null,
        ...(except ? { except } : {}),
      };
      if (redis && subscribed && redis.status === 'ready') {
        try {
          await redis.publish(LIVE_CHANNEL, JSON.stringify({ userIds: [key(userId)], end }));
          return;
        } catch (err) {
          warnOnce(err instanceof Error ? err.message : String(err));
        }
      }
      endLocal(userId, end);
    },

    attach(userId, socket, sessionId) {
      const id = key(userId);
      if (sessionId) sessionOf.set(socket, sessionId);
      let set = sockets.get(id);
      if (!set) {
        set = new Set();
        sockets.set(id, set);
      }
      set.add(socket);
      return () => {
        const current = sockets.get(id);
        if (!current) return;
        current.delete(socket);
        if (current.size === 0) sockets.delete(id);
      };
    },

    socketCount(userId) {
      if (userId !== undefined) return sockets.get(key(userId))?.size ?? 0;
      let total = 0;
      for (const set of sockets.values()) total += set.size;
      return total;
    },

    async ready(timeoutMs) {
      if (!subscriber || subscribed) return;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          subscribers.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          warnOnce('not subscribed at boot');
          done();
        }, timeoutMs);
        subscribers.add(done);
      });
    },

    async closeSockets(graceMs = 1000) {
      const all = [...sockets.values()].flatMap((set) => [...set]);
      sockets.clear();
      if (all.length === 0) return;
      for (const socket of all) {
        try {
          socket.close(1001, 'Server shutting down');
        } catch {
          socket.terminate();
        }
      }
      // Clients that do not answer the close handshake would hold the shutdown: cut them.
      const deadline = Date.now() + graceMs;
      while (Date.now() < deadline && all.some((socket) => socket.readyState !== CLOSED)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      for (const socket of all) if (socket.readyState !== CLOSED) socket.terminate();
    },

    async close() {
      subscribed = false;
      if (!subscriber) return;
      // quit() waits for the server; without one (Redis away) just drop the connection attempts.
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber.disconnect();
    },
  };
}

/** Hooks the hub into the app's lifecycle: subscription before ready, sockets closed on shutdown. */
export function registerLiveHub(app: FastifyInstance, hub: LiveHub): void {
  app.addHook('onReady', async () => hub.ready(3_000));
  app.addHook('preClose', async () => hub.closeSockets());
  app.addHook('onClose', async () => hub.close());
}
