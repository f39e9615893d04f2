import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub, LIVE_CHANNEL, type LiveHub, type LiveSocket } from './live-hub.ts';
import { createRedis } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function quietLog() {
  const log = {
    warn: vi.fn(),
    info: vi.fn(),
    error: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    fatal: vi.fn(),
    child: () => log,
  };
  return log;
}

function fakeSocket() {
  const received: unknown[] = [];
  const socket: LiveSocket = {
    readyState: 1,
    send: (data: string) => received.push(JSON.parse(data)),
    close: () => undefined,
    terminate: () => undefined,
  };
  return { socket, received };
}

const opened: { hub: LiveHub; redis: Redis }[] = [];

afterEach(async () => {
  for (const { hub, redis } of opened.splice(0)) {
    await hub.close();
    redis.disconnect();
  }
});

async function hubOnRedis() {
  const log = quietLog();
  const redis = createRedis(REDIS_URL, log as unknown as FastifyBaseLogger);
  const hub = createLiveHub({ redis, log: log as unknown as FastifyBaseLogger });
  opened.push({ hub, redis });
  // The hub's ready() is its subscriber's; the commands connection (publish) connects on its own,
  // and refuses commands until it has (no offline queue): on a loaded machine it can come second.
  if (redis.status !== 'ready') await once(redis, 'ready');
  await hub.ready(5000);
  return { hub, redis, log };
}

const frame = { type: 'crew', change: 'requested' } as const;

/**
 * How long a frame may take across Redis: milliseconds when idle, but the CI's PostgreSQL pass runs
 * these tests beside the browser journeys on two cores, where vi.waitFor's default second ran out.
 */
const ACROSS_REDIS = { timeout: 15_000, interval: 20 };

describe('live hub over Redis', () => {
  it('[MSG-13] delivers what another instance published to the sockets this instance holds', async () => {
    const a = await hubOnRedis();
    const b = await hubOnRedis();
    const user = randomUUID();
    const { socket, received } = fakeSocket();
    a.hub.attach(user, socket);
    await b.hub.publish([user], frame);
    await vi.waitFor(() => expect(received).toEqual([frame]), ACROSS_REDIS);
  });

  it('[MSG-13] validates only the envelopes addressed to its own sockets: a malformed one for them is reported, one for others is skipped', async () => {
    const a = await hubOnRedis();
    const user = randomUUID();
    const { socket, received } = fakeSocket();
    a.hub.attach(user, socket);

    // Addressed to nobody here: dropped before validation, silently.
    await a.redis.publish(LIVE_CHANNEL, JSON.stringify({ userIds: [randomUUID()], frame: { type: 'nope' } }));
    // Addressed to the local user but malformed: refused with one warning, not delivered.
    await a.redis.publish(LIVE_CHANNEL, JSON.stringify({ userIds: [user], frame: { type: 'nope' } }));
    // Then a valid one, which arrives after both on the same channel.
    await a.redis.publish(LIVE_CHANNEL, JSON.stringify({ userIds: [user], frame }));

    await vi.waitFor(() => expect(received).toEqual([frame]), ACROSS_REDIS);
    const malformed = a.log.warn.mock.calls.filter((call) =>
      String(call.at(-1)).includes('ignored a malformed frame'),
    );
    expect(malformed).toHaveLength(1);
  });
});
