import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectLive,
  liveUrl,
  openLive,
  type LiveClient,
} from '../../src/modules/chats/core/live.fixtures.ts';
import type { Database } from '../../src/db/client.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * GET /api/metrics (OPS-12): Prometheus text with request counts and latency histograms by route
 * pattern, the PostgreSQL pool, WebSocket connections and event-loop lag; a token in production.
 */

/** The value of one sample (`name{labels} value`); labels must all match; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** Polls the scrape until check passes (socket closes reach the server a moment later). */
async function eventually(t: TestApp, check: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
  let text = '';
  await vi
    .waitFor(
      async () => {
        text = await scrape(t);
        if (!check(text)) throw new Error('not yet');
      },
      { timeout: timeoutMs, interval: 50 },
    )
    .catch(() => undefined);
  return text;
}

describe('metrics', () => {
  let database: Database;
  let t: TestApp;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    await database.close();
  });

  it('[OPS-12] counts requests and observes latency per method, route pattern and status, never per raw URL', async () => {
    // Refused before reaching the handler (no session): still measured under its pattern.
    // (Sent first: the helper's first POST also fetches a CSRF cookie from /api/health.)
    const refused = await t.request({ method: 'POST', url: '/api/core/trips', payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const before = await scrape(t);
    const healthBefore = sample(before, 'tripcrew_http_requests_total', {
      method: 'GET',
      route: '/api/health',
      status_code: '200',
    });
    const placeLabels = { method: 'GET', route: '/api/core/places/place/:id' };

    for (let i = 0; i < 3; i += 1) expect((await t.request({ url: '/api/health' })).statusCode).toBe(200);
    const missingPlace = await t.request({ url: '/api/core/places/place/987654321' });
    expect(missingPlace.statusCode).toBe(404);
    const noRoute = await t.request({ url: '/api/no-such-area/31415926' });
    expect(noRoute.statusCode).toBe(404);

    const after = await scrape(t);
    expect(
      sample(after, 'tripcrew_http_requests_total', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBe((healthBefore ?? 0) + 3);
    expect(
      sample(after, 'tripcrew_http_requests_total', { ...placeLabels, status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'tripcrew_http_requests_total', {
        method: 'POST',
        route: '/api/core/trips',
        status_code: String(refused.statusCode),
      }),
    ).toBeGreaterThanOrEqual(1);
    // A route that does not exist gets one fixed label, whatever its URL.
    expect(
      sample(after, 'tripcrew_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('31415926');
    expect(after).not.toContain('no-such-area');

    // Latency: a histogram by route and status class, with cumulative buckets.
    const healthHistogram = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const count = sample(after, 'tripcrew_http_request_duration_seconds_count', healthHistogram);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(
      sample(after, 'tripcrew_http_request_duration_seconds_bucket', { ...healthHistogram, le: '+Inf' }),
    ).toBe(count);
    expect(sample(after, 'tripcrew_http_request_duration_seconds_sum', healthHistogram)).toBeGreaterThan(0);
    expect(
      sample(after, 'tripcrew_http_request_duration_seconds_count', { ...placeLabels, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^# TYPE tripcrew_http_request_duration_seconds histogram$/m);
    expect(after).toMatch(/^# TYPE tripcrew_http_requests_total counter$/m);
  });

  it('[OPS-12] scrapes are not counted as product traffic', async () => {
    await scrape(t);
    await scrape(t);
    expect(await scrape(t)).not.toMatch(/route="\/api\/metrics"/);
  });

  it('[OPS-12] exposes the PostgreSQL pool as gauges (none on the embedded engine, which has no pool)', async () => {
    const text = await scrape(t);
    if (t.database.engine === 'postgres') {
      const stats = t.database.poolStats();
      expect(stats).toBeDefined();
      expect(sample(text, 'tripcrew_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tripcrew_db_pool_idle_connections')).toEqual(expect.any(Number));
      expect(sample(text, 'tripcrew_db_pool_waiting_clients')).toEqual(expect.any(Number));
      expect(sample(text, 'tripcrew_db_pool_connections')).toBeLessThanOrEqual(10);
    } else {
      expect(t.database.poolStats()).toBeUndefined();
      expect(text).not.toContain('tripcrew_db_pool_');
    }
  });

  it('[OPS-12] counts WebSocket connections: up when one opens and when it authenticates, down when it closes', async () => {
    const url = await liveUrl(t);
    const open = (text: string) => sample(text, 'tripcrew_websocket_connections') ?? Number.NaN;
    const authed = (text: string) =>
      sample(text, 'tripcrew_websocket_authenticated_connections') ?? Number.NaN;
    const base = await scrape(t);
    const [open0, authed0] = [open(base), authed(base)];
    expect(open0).toBeGreaterThanOrEqual(0);
    expect(authed0).toBeGreaterThanOrEqual(0);

    // Opened but not signed in yet: open, not authenticated.
    const pending = await openLive(url);
    clients.push(pending);
    let text = await eventually(t, (s) => open(s) === open0 + 1);
    expect(open(text)).toBe(open0 + 1);
    expect(authed(text)).toBe(authed0);

    const ana = await createUser(t);
    const live = await connectLive(url, ana.accessToken);
    clients.push(live);
    text = await scrape(t);
    expect(open(text)).toBe(open0 + 2);
    expect(authed(text)).toBe(authed0 + 1);

    live.close();
    await live.closed;
    text = await eventually(t, (s) => authed(s) === authed0 && open(s) === open0 + 1);
    expect(authed(text)).toBe(authed0);
    expect(open(text)).toBe(open0 + 1);

    pending.close();
    await pending.closed;
    text = await eventually(t, (s) => open(s) === open0);
    expect(open(text)).toBe(open0);
  });

  it('[OPS-12] reports event-loop lag, and a blocked loop shows in it', async () => {
    await scrape(t); // starts a fresh measuring window
    // The monitor skips its first tick after a reset, so the loop is blocked twice: each block is
    // followed by one turn of the loop (its timers run before setImmediate's callback), in which
    // the monitor's overdue tick fires; the second one is recorded.
    for (let block = 0; block < 2; block += 1) {
      const until = Date.now() + 150;
      while (Date.now() < until) {
        // Busy on purpose: nothing else runs on the event loop meanwhile.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = await scrape(t);
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number));
    expect(sample(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.1);
    // Process metrics come along (CPU, memory).
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('[OPS-12] is open outside production, documented, and never rate limited', async () => {
    const limited = await createTestApp(
      { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_READ_MAX: '2' },
      { database },
    );
    // Listed in the OpenAPI document like every endpoint (API-08), under the platform tag.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/metrics']?.get?.tags).toEqual(['platform']);
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({ method: 'GET', url: '/api/metrics' });
        expect(res.statusCode, `scrape ${i + 1}`).toBe(200);
      }
      // The read group itself is limited: the scrapes above were exempt, not unlimited reads.
      const reads = [];
      for (let i = 0; i < 3; i += 1)
        reads.push((await limited.app.inject({ url: '/api/core/places/search?q=li' })).statusCode);
      expect(reads).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe('metrics in production', () => {
  let database: Database;
  const token = randomBytes(24).toString('base64url');
  let guarded: TestApp;
  let disabled: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    guarded = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN: token }, { database });
    disabled = await createTestApp({ NODE_ENV: 'production' }, { database });
  });
  afterAll(async () => {
    await guarded.close();
    await disabled.close();
    await database.close();
  });

  it('[OPS-12] without a token answers 401 with a JSON message and a Bearer challenge', async () => {
    const res = await guarded.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.json()).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/token/),
    });
    expect(res.body).not.toContain('tripcrew_http_requests_total');
  });

  it('[OPS-12] a wrong token, a token of another length or another scheme answers 401', async () => {
    const wrongs = [
      `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, 8)}`,
      `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}`,
      token,
    ];
    for (const authorization of wrongs) {
      const res = await guarded.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('[OPS-12] the right token answers 200 with the metrics', async () => {
    await guarded.app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape(guarded, { authorization: `Bearer ${token}` });
    expect(
      sample(text, 'tripcrew_http_requests_total', { route: '/api/health', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('[OPS-12] production without METRICS_TOKEN has no metrics endpoint (404), whatever the header', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await disabled.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The rest of the API is unaffected.
    expect((await disabled.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
