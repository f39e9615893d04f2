import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createGate, PROBE, probeRoutes } from '../helpers/probe-routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/** Every API error is JSON {statusCode, code, message}; bad input is a 4xx naming the problem. */

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  field?: string;
}

function expectError(res: LightMyRequestResponse, statusCode: number, code?: string): ErrorBody {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as ErrorBody;
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.code).toBe('string');
  expect(body.message.length).toBeGreaterThan(5);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** Nothing internal leaks into a 5xx body. */
function expectNoInternals(res: LightMyRequestResponse): void {
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+/); // stack frames
  expect(res.body).not.toMatch(/stack|no_such_table|secret_column|select |hunter2|postgres:\/\/|\.ts\b/i);
  expect(Object.keys(res.json() as object).sort()).toEqual(['code', 'message', 'statusCode']);
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('errors and input validation', () => {
  let t: TestApp;
  let small: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { database, routes: probeRoutes(database) });
    small = await createTestApp({ BODY_LIMIT: '160' }, { database, routes: probeRoutes(database) });
  });
  afterAll(async () => {
    await small?.close();
    await t?.close();
  });

  const post = (app: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
    app.request({
      method: 'POST',
      url: PROBE.echo,
      payload: payload as string,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('the probe route accepts a well-formed body (so the 400s below are about the input)', async () => {
    const res = await post(t, JSON.stringify({ name: 'Lisbon', count: 2, tags: ['food'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: { name: 'Lisbon', count: 2, tags: ['food'] } });
  });

  it('[API-04] an unknown API route is a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/route?x=1' });
      const body = expectError(res, 404, 'NOT_FOUND');
      expect(body.message).toContain('/api/no/such/route');
    }
  });

  it('[API-04] a failing SQL statement is a 500 with neither stack trace nor SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROBE.brokenSql });
    expectError(res, 500, 'INTERNAL');
    expectNoInternals(res);
  });

  it('[API-04] a thrown internal error is a 500 with a generic message only', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROBE.crash });
    const body = expectError(res, 500, 'INTERNAL');
    expectNoInternals(res);
    expect(body.message).not.toContain('internal detail');
  });

  it('[API-04] a thrown non-Error value is still a JSON 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROBE.throwString });
    expectError(res, 500, 'INTERNAL');
    expect(res.body).not.toContain('bare string');
  });

  it('[API-04] a response that breaks its schema is a 500 that leaks nothing of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROBE.badResponse });
    expectError(res, 500, 'INTERNAL');
    expectNoInternals(res);
    expect(res.body).not.toContain('argon2id');
  });

  it('[API-04] an AppError keeps the error shape even where the route declares a schema for its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROBE.declaredError });
    const body = expectError(res, 409, 'CONFLICT');
    expect(body.message).toBe('That name is already taken: pick another one.');
  });

  it('[API-06] malformed JSON is a 400 saying the body is not valid JSON', async () => {
    for (const payload of ['{"name": ', "{'name': 'x'}", '{"name":"a",}', 'null garbage']) {
      const body = expectError(await post(t, payload), 400, 'INVALID_JSON');
      expect(body.message).toMatch(/JSON/);
    }
  });

  it('[API-06] an empty body with a JSON content type is a 400', async () => {
    expectError(await post(t, ''), 400, 'INVALID_JSON');
  });

  it('[API-06] a wrong content type is a 400 naming the expected type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await post(t, 'name=Lisbon', { 'content-type': type });
      const body = expectError(res, 400, 'UNSUPPORTED_MEDIA_TYPE');
      expect(body.message).toContain('application/json');
    }
  });

  it('[API-06] an unknown field is a 400 naming it', async () => {
    const res = await post(t, JSON.stringify({ name: 'Lisbon', isAdmin: true }));
    const body = expectError(res, 400, 'VALIDATION');
    expect(body.field).toBe('isAdmin');
    expect(body.message).toContain('isAdmin');
  });

  it('[API-06] a wrong type is a 400 naming the field and what was expected', async () => {
    const wrongName = expectError(await post(t, JSON.stringify({ name: 42 })), 400, 'VALIDATION');
    expect(wrongName.field).toBe('name');
    expect(wrongName.message).toMatch(/name/);
    expect(wrongName.message).toMatch(/expected string/);

    const wrongCount = expectError(
      await post(t, JSON.stringify({ name: 'Lisbon', count: 'many' })),
      400,
      'VALIDATION',
    );
    expect(wrongCount.field).toBe('count');
    expect(wrongCount.message).toMatch(/expected number/);

    const nested = expectError(
      await post(t, JSON.stringify({ name: 'Lisbon', tags: ['ok', 7] })),
      400,
      'VALIDATION',
    );
    expect(nested.field).toBe('tags.1');

    const missing = expectError(await post(t, JSON.stringify({ count: 1 })), 400, 'VALIDATION');
    expect(missing.field).toBe('name');
  });

  it('[API-06] a body that is not an object is a 400, not a 500', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'true']) {
      const res = await post(t, payload);
      expect(res.statusCode, payload).toBe(400);
      expect((res.json() as ErrorBody).statusCode).toBe(400);
    }
  });

  it('[API-06] a prototype-poisoning body is refused with a 400', async () => {
    const res = await post(t, '{"name":"a","__proto__":{"isAdmin":true}}');
    expectError(res, 400);
  });

  it('[API-06] a body over BODY_LIMIT is a 413 JSON error; the same body under the default limit passes', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(60), tags: ['a'.repeat(20)], count: 1 });
    const bigger = JSON.stringify({
      name: 'y'.repeat(80),
      tags: Array.from({ length: 5 }, () => 'z'.repeat(20)),
    });
    expect(payload.length).toBeLessThan(160);
    expect(bigger.length).toBeGreaterThan(160);
    const body = expectError(await post(small, bigger), 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toMatch(/too large/i);
    expect((await post(small, payload)).statusCode).toBe(200);
    expect((await post(t, bigger)).statusCode).toBe(200);
  });

  it('[SEC-03] a POST without X-CSRF-Token is a 403 CSRF', async () => {
    const res = await t.app.inject({ method: 'POST', url: PROBE.echo, payload: { name: 'Lisbon' } });
    const body = expectError(res, 403, 'CSRF');
    expect(body.message).toMatch(/X-CSRF-Token/);
  });

  it('[SEC-03] a header that does not equal the csrf-token cookie is a 403 CSRF', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const token = health.cookies.find((c) => c.name === 'csrf-token')?.value ?? '';
    expect(token.length).toBeGreaterThanOrEqual(16);
    const cases: Array<{ header?: string; cookie?: string }> = [
      { header: token }, // header only, no cookie
      { cookie: token }, // cookie only
      { header: `${token}x`, cookie: token }, // different length
      { header: token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')), cookie: token }, // same length
    ];
    for (const { header, cookie } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: PROBE.echo,
        payload: { name: 'Lisbon' },
        headers: header ? { 'x-csrf-token': header } : {},
        cookies: cookie ? { 'csrf-token': cookie } : {},
      });
      expectError(res, 403, 'CSRF');
    }
  });

  it('[SEC-03] every state-changing method is checked, and a matching header and cookie pass', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      // No such routes on the probe path: the unknown route stays a 404 (nothing to protect)…
      const unknown = await t.app.inject({ method, url: PROBE.echo });
      expect(unknown.statusCode).toBe(404);
    }
    // …while the real POST route runs only with the token.
    const token = 'A'.repeat(32);
    const ok = await t.app.inject({
      method: 'POST',
      url: PROBE.echo,
      payload: { name: 'Lisbon' },
      headers: { 'x-csrf-token': token },
      cookies: { 'csrf-token': token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: { name: 'Lisbon' } });
  });

  it('[SEC-03] the CSRF check runs before the body is validated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PROBE.echo,
      payload: '{ not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 403, 'CSRF');
  });
});

describe('shutdown', () => {
  it('[API-09] an in-flight request completes during shutdown; [API-04] a late one on its connection gets a JSON 503', async () => {
    const gate = createGate();
    const t = await createTestApp({}, { database, routes: probeRoutes(database, gate) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));

      let requests = 0;
      t.app.server.on('request', () => (requests += 1));
      socket.write(`GET ${PROBE.hold} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await gate.entered;
      const closing = t.app.close();
      // The server stops listening once the preClose hooks (draining among them) have run.
      await vi.waitFor(() => expect(t.app.server.listening).toBe(false), { timeout: 10_000 });
      // Pipelined behind the held request, on the same (busy) connection, after close() began.
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      // The server has read it (and answers it once the held one is done).
      await vi.waitFor(() => expect(requests).toBe(2), { timeout: 10_000 });
      gate.release();
      await closing;
      await ended;

      const responses = received.split(/(?=HTTP\/1\.1 )/);
      expect(responses).toHaveLength(2);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(responses[0]).toContain('{"held":true}');
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(responses[1]).toMatch(/\r\nconnection: close\r\n/i);
      expect(responses[1]).toMatch(/\r\nretry-after: \d+\r\n/i);
      const body = JSON.parse(responses[1]?.split('\r\n\r\n')[1] ?? '') as ErrorBody;
      expect(body).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: expect.any(String) });
    } finally {
      await t.close();
    }
  });
});

describe('database outage', () => {
  let dataDir: string;
  let unreachable: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-outage-'));
    // Nothing listens on port 1: every connection attempt is refused at once.
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/tripcrew',
      RATE_LIMIT_ENABLED: 'false',
    });
    unreachable = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: 'memory', poolSize: 2 });
    app = await buildApp({ config, database: unreachable, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await unreachable?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('[API-05] health answers 503 degraded quickly when PostgreSQL is unreachable', async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      database: { engine: 'postgres', reachable: false, latencyMs: null },
    });
  });

  it('[API-04] a query during an outage is a 503 JSON with Retry-After, not a 500 or a hang', async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    expect(performance.now() - started).toBeLessThan(3_000);
    expectError(res, 503, 'UNAVAILABLE');
    expect(res.headers['retry-after']).toBeDefined();
    expectNoInternals(res);
  });
});
