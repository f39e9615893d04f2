import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import {
  BUILDS_APPS_TIMEOUT_MS,
  clientTracker,
  connectLive,
  crewPair,
  expectNoFrame,
  expiredToken,
  isMessage,
  isType,
  liveUrl,
  openWithToken,
  post,
  tryUpgrade,
} from './live.fixtures.ts';

/**
 * The live socket on the platform (MSG-11, MSG-12): the upgrade and the HTTP routes that feed the
 * socket go through the same root hooks as every route (security headers, CSRF, rate limits),
 * the token never reaches a log line, and closing the app closes the sockets.
 */

/** The headers registerSecurityHeaders (platform/security.ts) sets on every answer. */
function expectSecurityHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders, what: string): void {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

function expectRateLimited(
  status: number,
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  body: string,
  what: string,
): void {
  expect(status, `${what}: ${body}`).toBe(429);
  expect(JSON.parse(body), what).toMatchObject({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/wait/),
  });
  expect(Number(headers['retry-after']), what).toBeGreaterThan(0);
  expectSecurityHeaders(headers, what);
}

describe('live socket on the platform', () => {
  it(
    '[MSG-11] the access token never appears in the logs, whatever happens on the socket',
    async () => {
      const lines: string[] = [];
      const t = await createTestApp(
        { LOG_LEVEL: 'trace' },
        {
          logStream: {
            write: (line: string) => {
              lines.push(line);
            },
          },
        },
      );
      try {
        const url = await liveUrl(t);
        const [ana, bo] = await crewPair(t);
        const good = await connectLive(url, bo.accessToken);
        await post(t, ana, `/api/users/messages/direct/${bo.id}`, { text: 'secret-free text' });
        await good.next(isType('message'));
        // A bad token, an expired one, and a token sent where a ping belongs.
        const bad = await openWithToken(url, `${ana.accessToken}tampered`);
        await bad.closed;
        const oldToken = await expiredToken(t.config.jwtSecret, ana.id);
        const expired = await openWithToken(url, oldToken);
        await expired.closed;
        good.send({ type: 'ping', token: ana.accessToken });
        await good.next(isType('pong'));
        good.close();
        await good.closed;

        const log = lines.join('');
        expect(log).toContain('/api/users/ws');
        for (const token of [ana.accessToken, bo.accessToken, oldToken]) {
          expect(log).not.toContain(token);
          // Not even its signature part.
          expect(log).not.toContain(token.split('.')[2]);
        }
      } finally {
        await t.close();
      }
    },
    BUILDS_APPS_TIMEOUT_MS,
  );

  describe('the platform hooks, rate limits on', () => {
    const READ_MAX = 8;
    const WRITE_MAX = 3;
    let t: TestApp;
    let url: string;
    const { track, closeAll } = clientTracker();

    beforeAll(async () => {
      t = await createTestApp({
        RATE_LIMIT_ENABLED: 'true',
        // Long enough that no window ends mid-test on a slow machine.
        RATE_LIMIT_WINDOW_MS: String(30 * 60_000),
        RATE_LIMIT_AUTH_MAX: '1000',
        RATE_LIMIT_READ_MAX: String(READ_MAX),
        RATE_LIMIT_WRITE_MAX: String(WRITE_MAX),
      });
      url = await liveUrl(t);
    });
    afterAll(async () => {
      closeAll();
      await t.close();
    });

    /** A direct message, sent from its own address so that each test has its own write budget. */
    const send = (from: TestUser, to: TestUser, text: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: `/api/users/messages/direct/${to.id}`,
        token: from.accessToken,
        payload: { text },
        remoteAddress,
      });

    it('[MSG-11] the upgrade passes the platform hooks: rate limits on, CSRF (GET is exempt), security headers', async () => {
      const ana = await createUser(t);
      // The upgrade carries neither the csrf-token cookie nor the X-CSRF-Token header: GET is exempt.
      const client = track(await connectLive(url, ana.accessToken));
      client.send({ type: 'ping' });
      await client.next(isType('pong'));
      client.close();
      await client.closed;
      // The same route without the upgrade goes through the same hooks: security headers, and it
      // counts against the read limit.
      const plain = await t.request({ method: 'GET', url: '/api/users/ws' });
      expect(plain.statusCode).toBe(426);
      expectSecurityHeaders(plain.headers, 'GET /api/users/ws without the upgrade');
      expect(plain.headers['x-ratelimit-limit']).toBe(String(READ_MAX));
    });

    it('[MSG-11] a message POST without the X-CSRF-Token header is refused with 403 and pushes nothing', async () => {
      const [ana, bo] = await crewPair(t);
      const boSocket = track(await connectLive(url, bo.accessToken));
      const health = await t.request({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.8' });
      const csrf = health.cookies.find((c) => c.name === 'csrf-token')?.value ?? '';
      expect(csrf).not.toBe('');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/users/messages/direct/${bo.id}`,
        headers: { authorization: `Bearer ${ana.accessToken}` },
        cookies: { 'csrf-token': csrf },
        payload: { text: 'no csrf header' },
        remoteAddress: '198.51.100.8',
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CSRF' });
      expectSecurityHeaders(refused.headers, 'the CSRF refusal');
      // The control: with the header the same message goes out, and is pushed.
      const sent = await send(ana, bo, 'with csrf header', '198.51.100.8');
      expect(sent.statusCode, sent.body).toBe(201);
      expectSecurityHeaders(sent.headers, 'POST /api/users/messages/direct/:id');
      await boSocket.next(isMessage('with csrf header'));
      await expectNoFrame(boSocket, isMessage('no csrf header'));
    });

    it('[MSG-11] a burst of messages beyond RATE_LIMIT_WRITE_MAX answers 429 and pushes nothing', async () => {
      const [ana, bo] = await crewPair(t);
      const boSocket = track(await connectLive(url, bo.accessToken));
      for (let i = 1; i <= WRITE_MAX; i++) {
        const res = await send(ana, bo, `burst ${i}`, '198.51.100.9');
        expect(res.statusCode, `message ${i}: ${res.body}`).toBe(201);
        await boSocket.next(isMessage(`burst ${i}`));
      }
      const over = await send(ana, bo, 'one too many', '198.51.100.9');
      expectRateLimited(over.statusCode, over.headers, over.body, `message ${WRITE_MAX + 1}`);
      await expectNoFrame(boSocket, isMessage('one too many'));
    });

    // Last: it spends the read budget of 127.0.0.1, which the sockets above share.
    it('[MSG-11] a burst of upgrades beyond RATE_LIMIT_READ_MAX answers 429 JSON with the security headers', async () => {
      // What is left of this address's read budget (the plain GET itself takes one).
      const probe = await t.request({ method: 'GET', url: '/api/users/ws' });
      expect(probe.statusCode).toBe(426);
      const remaining = Number(probe.headers['x-ratelimit-remaining']);
      expect(remaining, 'x-ratelimit-remaining').toBeGreaterThan(0);
      for (let i = 1; i <= remaining; i++) expect(await tryUpgrade(url), `upgrade ${i}`).toBeUndefined();
      const refused = await tryUpgrade(url);
      expect(refused, `upgrade ${remaining + 1}`).toBeDefined();
      expectRateLimited(refused!.status, refused!.headers, refused!.body, `upgrade ${remaining + 1}`);
      // Other addresses keep their own budget.
      const elsewhere = await t.request({
        method: 'GET',
        url: '/api/users/ws',
        remoteAddress: '198.51.100.10',
      });
      expect(elsewhere.statusCode).toBe(426);
    });
  });

  it(
    '[MSG-12] closing the app closes the open sockets, so graceful shutdown never waits on them',
    async () => {
      const t = await createTestApp();
      const url = await liveUrl(t);
      const ana = await createUser(t);
      const client = await connectLive(url, ana.accessToken);
      const started = Date.now();
      const closing = t.close();
      // Timed to the socket's close, not to the end of close(), which also shuts the database.
      const closed = await client.closed;
      const elapsed = Date.now() - started;
      await closing;
      expect([1001, 1005, 1006]).toContain(closed.code);
      expect(elapsed).toBeLessThan(3000);
    },
    BUILDS_APPS_TIMEOUT_MS,
  );
});
