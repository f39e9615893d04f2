import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The shared Redis connection (rate limits, live pub/sub). Commands fail fast while Redis is
 * away (no offline queue), so an outage degrades features instead of hanging requests.
 */
export function createRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const outage = redisOutage(redis, log);
  redis.on('error', (err: Error) => outage.down('commands', err.message));
  redis.on('ready', () => outage.up('commands'));
  return redis;
}

export type RedisPart = 'commands' | 'pubsub';

/**
 * One account of a Redis outage for everything that uses one connection (its commands and the
 * live hub's subscriber): the first failure logs ONE warning line, whatever fails next and however
 * often ioredis retries; one info line once every part works again.
 */
export interface RedisOutage {
  down(part: RedisPart, reason: string): void;
  up(part: RedisPart): void;
  /** Whether an outage is being reported right now. */
  readonly isDown: boolean;
}

const outages = new WeakMap<Redis, RedisOutage>();

/** The outage account of a connection (created on first use). */
export function redisOutage(redis: Redis, log: FastifyBaseLogger): RedisOutage {
  const existing = outages.get(redis);
  if (existing) return existing;
  const failing = new Set<RedisPart>();
  let reported = false;
  const outage: RedisOutage = {
    down(part, reason) {
      failing.add(part);
      if (reported) return;
      reported = true;
      log.warn(
        { reason },
        'redis unavailable: rate limits fail open, and live: redis pub/sub unavailable; delivering live frames on this instance only until it is back',
      );
    },
    up(part) {
      failing.delete(part);
      if (!reported || failing.size > 0) return;
      reported = false;
      log.info('redis is back: rate limits and live pub/sub use it again');
    },
    get isDown() {
      return reported;
    },
  };
  outages.set(redis, outage);
  return outage;
}

/**
 * Waits (bounded) for the first connection, so the first requests after boot are counted in
 * Redis rather than skipped because the socket was still opening. Without Redis the server boots
 * anyway (in-process fallback); the outage line says so.
 */
export async function waitForRedis(redis: Redis, timeoutMs: number, log: FastifyBaseLogger): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(() => {
      redisOutage(redis, log).down('commands', `not reachable within ${timeoutMs} ms of boot`);
      done();
    }, timeoutMs);
    redis.once('ready', done);
  });
}
