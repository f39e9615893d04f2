import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The shared Redis connection (rate limits now, pub/sub later). Commands fail fast while Redis is
 * away (no offline queue), so an outage degrades features instead of hanging requests.
 */
export function createRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: err.message }, 'redis unavailable; rate limits fail open until it is back');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/**
 * Waits (bounded) for the first connection, so the first requests after boot are counted in
 * Redis rather than skipped because the socket was still opening.
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
      log.warn({ timeoutMs }, 'redis not reachable at boot; continuing without it');
      done();
    }, timeoutMs);
    redis.once('ready', done);
  });
}
