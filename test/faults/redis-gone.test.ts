import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ApiClient, expectOk, type SignedIn, signUp } from './support/api-client.ts';
import { onCleanup, runCleanups, sleep, tempDir, waitFor } from './support/cleanups.ts';
import {
  freePort,
  privateRedis,
  problemLines,
  startApi,
  throwawayDatabase,
  waitForProblemLines,
} from './support/services.ts';

/**
 * OPS-09: Redis goes away under a running API (a private redis-server, killed) and comes back;
 * and an API boots while REDIS_URL points at nothing. The API keeps serving HTTP, live frames are
 * still delivered to sockets on the same instance, one clear warning line is logged per outage
 * (not one per retry), and pub/sub through Redis resumes by itself.
 */

const CHANNEL = 'tripcrew:live';

afterEach(async () => {
  await runCleanups();
});

/** A live socket of a user: resolves once the server says ready; collects notification frames. */
async function liveSocket(port: number, user: SignedIn): Promise<{ notifications: string[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/users/ws`);
  onCleanup('live socket', () => socket.terminate());
  const notifications: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket not ready in 10 s')), 10_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: user.accessToken })));
    socket.on('error', reject);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; notification?: { _id: string } };
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (frame.type === 'notification') notifications.push(JSON.stringify(frame.notification));
    });
  });
  return { notifications };
}

/** What goes over the live channel of a Redis, as seen by a subscriber of the test's own. */
async function channelSpy(url: string): Promise<{ payloads: string[] }> {
  const spy = new Redis(url, { maxRetriesPerRequest: 1 });
  spy.on('error', () => undefined);
  onCleanup('redis spy', () => spy.disconnect());
  const payloads: string[] = [];
  spy.on('message', (_channel: string, payload: string) => payloads.push(payload));
  await spy.subscribe(CHANNEL);
  return { payloads };
}

const crewRequest = (api: ApiClient, from: SignedIn, to: SignedIn) =>
  api.post('/api/users/crew/crew-request', { userId: to.id }, from.accessToken);

/**
 * `from` sends `to` a crew request; waits for its frame on the Redis channel (the payload naming
 * `naming`) and for `to`'s socket to hold `count` notifications.
 */
async function crewRequestThroughRedis(step: {
  api: ApiClient;
  spy: { payloads: string[] };
  from: SignedIn;
  to: SignedIn;
  toLive: { notifications: string[] };
  naming: string;
  count: number;
  again?: string;
}): Promise<void> {
  const again = step.again ?? '';
  expect((await crewRequest(step.api, step.from, step.to)).status).toBe(201);
  await waitFor(
    `frame on the redis channel${again}`,
    async () => (step.spy.payloads.some((p) => p.includes(step.naming)) ? true : undefined),
    5_000,
  );
  await waitFor(
    `notification on the socket${again}`,
    async () => (step.toLive.notifications.length === step.count ? true : undefined),
    5_000,
  );
}

const redisLines = (lines: Array<Record<string, unknown>>) =>
  lines.filter((line) => /redis/i.test(String(line.msg)));

describe('Redis gone', () => {
  it('[OPS-09] Redis killed under the API: HTTP and same-instance live delivery go on, one warning line, pub/sub resumes', async () => {
    const redis = await privateRedis();
    const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_redis`);
    const { server, port, api } = await startApi({
      DATA_DIR: tempDir('data'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      RATE_LIMIT_ENABLED: 'true',
    });
    await api.health();
    const [ana, bo, cy, di] = [
      await signUp(api, 'ana'),
      await signUp(api, 'bo'),
      await signUp(api, 'cy'),
      await signUp(api, 'di'),
    ];
    const boLive = await liveSocket(port, bo);

    // With Redis: the frame goes through the channel and reaches Bo's socket.
    let spy = await channelSpy(redis.url);
    await crewRequestThroughRedis({ api, spy, from: ana, to: bo, toLive: boLive, naming: bo.id, count: 1 });

    await redis.kill();
    const killedAt = Date.now();
    // Redis stays away a few seconds (ioredis retries several times meanwhile).
    const answers: number[] = [];
    while (Date.now() - killedAt < 4_000) {
      answers.push((await api.get('/api/health')).status);
      answers.push((await api.get('/api/core/places/search?country=portugal&place=lisbon')).status);
      answers.push((await api.get('/api/users/crew/requests', cy.accessToken)).status);
      await sleep(200);
    }
    expect(new Set(answers)).toEqual(new Set([200]));
    // A write whose live frame cannot cross Redis is still delivered on this instance.
    expect((await crewRequest(api, cy, bo)).status).toBe(201);
    await waitFor(
      'local delivery while Redis is down',
      async () => (boLive.notifications.length === 2 ? true : undefined),
      5_000,
    );
    expect(server.child.exitCode).toBeNull();
    // The outage line may still be in the pipe: wait for it, then check there is just one.
    await waitForProblemLines(server, (line) => redisLines([line]).length > 0);
    const outageLines = redisLines(problemLines(server));
    expect(outageLines, JSON.stringify(outageLines)).toHaveLength(1);
    expect(String(outageLines[0]?.msg)).toMatch(/^redis unavailable: /);

    // Redis back on the same address: the API resubscribes and publishes through it again.
    await redis.start();
    await waitFor(
      'the API says redis is back',
      async () =>
        server.logs().some((line) => String(line.msg).startsWith('redis is back')) ? true : undefined,
      15_000,
    );
    spy = await channelSpy(redis.url);
    await crewRequestThroughRedis({
      api,
      spy,
      from: di,
      to: bo,
      toLive: boLive,
      naming: di.id,
      count: 3,
      again: ' again',
    });
    expect(redisLines(problemLines(server))).toHaveLength(1);

    process.stdout.write(
      `[OPS-09 redis] ${answers.length} requests while Redis was down: all 200; 1 warning line; ` +
        `pub/sub resumed after restart\n`,
    );
    server.child.kill('SIGTERM');
    expect((await server.exited(15_000)).code).toBe(0);
  });

  it('[OPS-09] REDIS_URL pointing at nothing: the API boots, serves with in-process delivery and says so in one line', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_noredis`);
    const { server, port, api } = await startApi({
      DATA_DIR: tempDir('data'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: nowhere,
      RATE_LIMIT_ENABLED: 'true',
    });
    expect((await api.health()).status).toBe(200);
    const [ana, bo] = [await signUp(api, 'ana'), await signUp(api, 'bo')];
    const boLive = await liveSocket(port, bo);
    expectOk(await crewRequest(api, ana, bo), 'crew request');
    await waitFor(
      'in-process delivery',
      async () => (boLive.notifications.length === 1 ? true : undefined),
      5_000,
    );
    await waitForProblemLines(server, (line) => redisLines([line]).length > 0);
    await sleep(2_000); // several reconnect attempts later…
    const lines = redisLines(problemLines(server));
    expect(lines, JSON.stringify(lines)).toHaveLength(1);
    expect(String(lines[0]?.msg)).toMatch(/^redis unavailable: .*this instance only/);
    expect(String(lines[0]?.reason)).toMatch(/ECONNREFUSED|not reachable/);
    server.child.kill('SIGTERM');
    expect((await server.exited(15_000)).code).toBe(0);
  });
});
