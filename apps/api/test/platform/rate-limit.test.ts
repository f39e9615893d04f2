import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE, useProbeApps } from '../helpers/probe-routes.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Rate limits per route group, in memory or shared through Redis. */

const REDIS_URL = 'redis://127.0.0.1:6379';

/** A client address of its own for each test, so counters never collide across tests or runs. */
function uniqueIp(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `fd00:${hex.join(':')}::1`;
}

function expectRateLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { statusCode: number; code: string; message: string };
  expect(body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String) });
  expect(body.message).toMatch(/too many requests/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const app = useProbeApps({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_WINDOW_MS: '60000' });

describe('rate limits in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ RATE_LIMIT_AUTH_MAX: '2', RATE_LIMIT_READ_MAX: '5', RATE_LIMIT_WRITE_MAX: '50' });
  });
  const read = (ip: string) =>
    t.request({ method: 'GET', url: '/api/core/vocabulary/about-us', remoteAddress: ip });
  const authPost = (ip: string, url: string = PROBE.authPost) =>
    t.request({ method: 'POST', url, remoteAddress: ip });

  it('[SEC-05] reads over RATE_LIMIT_READ_MAX answer 429 JSON with Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await read(ip)).statusCode).toBe(200);
    expectRateLimited(await read(ip));
    // Another client is not affected.
    expect((await read(uniqueIp())).statusCode).toBe(200);
  });

  it('[SEC-05] auth POSTs have their own, far tighter group (RATE_LIMIT_AUTH_MAX)', async () => {
    const ip = uniqueIp();
    expect((await authPost(ip)).statusCode).toBe(204);
    expect((await authPost(ip)).statusCode).toBe(204);
    expectRateLimited(await authPost(ip));
    // The same client can still read the catalogue: groups are counted apart.
    expect((await read(ip)).statusCode).toBe(200);
    // Other writes are in the write group, not the auth one.
    const write = await t.request({
      method: 'POST',
      url: PROBE.echo,
      payload: { name: 'Porto' },
      remoteAddress: ip,
    });
    expect(write.statusCode).toBe(200);
  });

  it('[SEC-05] an encoded path to an auth route is still counted in the auth group', async () => {
    const ip = uniqueIp();
    expect((await authPost(ip, '/api/%61uth/test-probe')).statusCode).toBe(204);
    expect((await authPost(ip, '/api/auth/test-probe/')).statusCode).toBe(204);
    expectRateLimited(await authPost(ip, '/api/%61uth/test-probe'));
  });

  it('[SEC-05] health checks are never rate limited', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
  });

  it('[SEC-05] the limits are configurable', async () => {
    const roomy = await app({ RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_READ_MAX: '1' });
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) {
      expect(
        (await roomy.request({ method: 'POST', url: PROBE.authPost, remoteAddress: ip })).statusCode,
      ).toBe(204);
    }
    expectRateLimited(await roomy.request({ method: 'POST', url: PROBE.authPost, remoteAddress: ip }));
    expect((await roomy.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip })).statusCode).toBe(
      200,
    );
    expectRateLimited(await roomy.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip }));

    const off = await app({ RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_READ_MAX: '1' });
    for (let i = 0; i < 3; i++) {
      expect((await off.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('rate limits in Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    // Redis always runs next to the tests (and in CI): if it is not there, fail loudly.
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('[SEC-05] with REDIS_URL two instances share one counter', async () => {
    const env = { REDIS_URL, RATE_LIMIT_READ_MAX: '4' };
    const [a, b] = [await app(env), await app(env)];
    const ip = uniqueIp();
    const hit = (t: TestApp) => t.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip });

    expect((await hit(a)).statusCode).toBe(200);
    expect((await hit(a)).statusCode).toBe(200);
    expect((await hit(b)).statusCode).toBe(200);
    expect((await hit(b)).statusCode).toBe(200);
    // Four hits in all, two on each: both instances now refuse the fifth.
    expectRateLimited(await hit(a));
    expectRateLimited(await hit(b));

    // The counter really lives in Redis, with an expiry.
    const keys = await redis.keys(`*read:${ip}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0] ?? ''))).toBeGreaterThanOrEqual(4);
    expect(await redis.pttl(keys[0] ?? '')).toBeGreaterThan(0);
    await redis.del(keys[0] ?? '');
  });

  it('[SEC-05] with REDIS_URL the first requests after boot are counted too', async () => {
    const ip = uniqueIp();
    const fresh = await app({ REDIS_URL, RATE_LIMIT_READ_MAX: '1' });
    expect((await fresh.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip })).statusCode).toBe(
      200,
    );
    expectRateLimited(await fresh.request({ method: 'GET', url: PROBE.whoami, remoteAddress: ip }));
  });
});
