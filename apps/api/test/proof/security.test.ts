import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { expenseBody } from '../../src/modules/expenses/expenses.fixtures.ts';
import { createTrip, loadCatalogue } from '../../src/modules/trips/trips.fixtures.ts';
import { createUser, insertUser, signIn, type TestUser } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Security proof (issue "Proof", hostile input c):
 * SEC-08 CSRF on every state-changing route and rate limits on the auth routes,
 * SEC-09 access-token tampering and refresh-token reuse,
 * SEC-10 uploads that lie about their type,
 * SEC-11 path traversal in every route that takes a name or id, and in the static web app.
 * Routes come from the app's own route table and OpenAPI document, so a new route is covered
 * without editing this file.
 */

// ------------------------------------------------------------------ route table

interface RouteEntry {
  method: string;
  url: string;
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/** Every route the app registered, read from Fastify's own route table (printRoutes). */
function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = `${depth > 0 ? (stack[depth - 1] ?? '') : ''}${match[2] ?? ''}`;
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route pattern with every :param (and a trailing wildcard) replaced by `value`. */
function fillParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, `/${value}`);
}

// ------------------------------------------------------------------ crafted bodies and files

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A decompression bomb: a PNG of a few hundred bytes whose valid header declares width×height
 * 8-bit grey pixels, with the first rows of zeros really compressed in it.
 */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const rows = deflateSync(Buffer.alloc((width + 1) * 4), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and only frame declare width×height pixels, with almost no data. */
function gifBomb(width: number, height: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of two entries
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    descriptor,
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

/** A JPEG whose start-of-frame declares width×height pixels, and no image data. */
function jpegBomb(width: number, height: number): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    (height >> 8) & 0xff,
    height & 0xff,
    (width >> 8) & 0xff,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
    0xff,
    0xd9,
  ]);
}

/** A minimal ZIP (one stored entry): appended to a GIF it makes a GIFAR-like file. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  // Both headers hold the entry's CRC-32, its stored and full sizes and its name's length, in a row.
  const entryFields = (header: Buffer, at: number) => {
    header.writeUInt32LE(crc32(data), at);
    header.writeUInt32LE(data.length, at + 4);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt16LE(fileName.length, at + 12);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  entryFields(local, 14);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  entryFields(central, 16);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** Every file below `root` (paths relative to it). */
function filesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

function expectJsonError(res: LightMyRequestResponse, status?: number): void {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message, res.body).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
}

// ------------------------------------------------------------------ the apps under test

/**
 * A folder of our own: DATA_DIR and the built web app inside it, and sentinel files around them
 * that no request may ever read back.
 */
const root = mkdtempSync(join(tmpdir(), 'tripcrew-security-'));
const dataDir = join(root, 'data');
const webDir = join(root, 'web');
const uploadsDir = join(dataDir, 'uploads');
const SENTINEL = `sentinel-${randomBytes(12).toString('hex')}`;
const PASSWD_MARKER = 'root:x:0:0';

let database: Database;
/** REFRESH_REUSE_GRACE_SECONDS=0, with the web app served and DATA_DIR in `root`. */
let t: TestApp;
/** Rate limits on, with tight limits. */
let limited: TestApp;
let routes: RouteEntry[];

const AUTH_MAX = 3;

beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  mkdirSync(uploadsDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Tripcrew</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(root, 'secret.txt'), SENTINEL);
  writeFileSync(join(dataDir, 'secret.txt'), SENTINEL);
  writeFileSync(join(dataDir, 'secret.webp'), SENTINEL);
  writeFileSync(join(root, 'secret.webp'), SENTINEL);
  database = await openTestDatabase();
  t = await createTestApp(
    { REFRESH_REUSE_GRACE_SECONDS: '0', DATA_DIR: dataDir, WEB_DIST: webDir },
    { database },
  );
  limited = await createTestApp(
    {
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_WINDOW_MS: '60000',
      RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
      RATE_LIMIT_WRITE_MAX: '1000',
      RATE_LIMIT_READ_MAX: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      // Configured, so the social sign-in routes do their real work (a redirect) and are counted.
      GOOGLE_CLIENT_ID: 'security-proof-client',
      GOOGLE_CLIENT_SECRET: 'security-proof-secret',
    },
    { database },
  );
  routes = routeTable(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await limited?.close();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A client address of its own, so rate-limit counters never collide across tests or runs. */
function uniqueIp(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `fd00:${hex.join(':')}::1`;
}

async function csrfCookieOf(app: TestApp): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/api/health' });
  const cookie = res.cookies.find((c) => c.name === 'csrf-token');
  if (!cookie) throw new Error('GET /api/health set no csrf-token cookie');
  return cookie.value;
}

async function healthy(app: TestApp): Promise<void> {
  const res = await app.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}

describe('the route table', () => {
  it('lists every operation of the OpenAPI document (so the enumerations below miss nothing)', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const table = new Set(routes.map((r) => `${r.method} ${r.url}`));
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations += 1;
        const url = `/api${path.replace(/\{([^}]+)\}/g, ':$1')}`;
        expect(table.has(`${method.toUpperCase()} ${url}`), `${method} ${url}`).toBe(true);
      }
    }
    expect(operations).toBeGreaterThan(50);
  });
});

// ------------------------------------------------------------------ SEC-08

/**
 * Routes allowed to skip the CSRF check (config: { csrf: false }), each with its reason. The
 * OAuth provider returns with a GET (/auth/networks/:provider/callback, a safe method, protected by
 * its signed state cookie and PKCE instead); every other state-changing call but the one below
 * comes from our own client, which can send the header.
 */
const CSRF_EXEMPT = new Map<string, string>([
  [
    'POST /api/notifications/unsubscribe',
    'one-click unsubscribe (RFC 8058): a mail client posts it without cookies; the keyed token in the URL is the proof, and it can only turn mails off',
  ],
  [
    'POST /api/core/invites/block',
    "one-click block of further invitations (RFC 8058), from the invitation mail: the keyed token in the URL is the proof, and it can only stop mails to the recipient's own address",
  ],
]);

/** State-changing routes whose handler may answer 429 (throttle) and so must not be the auth limiter. */
describe('[SEC-08] CSRF on every state-changing route', () => {
  let user: TestUser;
  let stateChanging: RouteEntry[];

  beforeAll(async () => {
    user = await createUser(t, { name: 'Csrf' });
    stateChanging = routes.filter((r) => STATE_CHANGING.has(r.method) && r.url.startsWith('/api/'));
  });

  function send(
    route: RouteEntry,
    auth: { cookie?: string; header?: string },
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: route.method as 'POST',
      url: fillParams(route.url, randomUUID()),
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        ...(auth.header !== undefined ? { 'x-csrf-token': auth.header } : {}),
      },
      cookies: auth.cookie !== undefined ? { 'csrf-token': auth.cookie } : {},
      ...(route.method === 'DELETE' ? {} : { payload: {} }),
    });
  }

  it('[SEC-08] the enumeration is complete: every POST/PUT/PATCH/DELETE route of the app', () => {
    expect(stateChanging.length).toBeGreaterThan(35);
    for (const expected of [
      'POST /api/auth/login',
      'POST /api/auth/refresh',
      'POST /api/assets/upload/avatar',
      'DELETE /api/core/trips/:id',
      'PUT /api/core/trips/:id/checklist',
      'PATCH /api/users/notifications/:id',
    ]) {
      expect(stateChanging.map((r) => `${r.method} ${r.url}`)).toContain(expected);
    }
    for (const key of CSRF_EXEMPT.keys()) {
      expect(stateChanging.map((r) => `${r.method} ${r.url}`)).toContain(key);
    }
  });

  it("[SEC-08] without the token, with a wrong one or with another session's, every route answers 403 JSON", async () => {
    const mine = await csrfCookieOf(t);
    const theirs = await csrfCookieOf(t);
    expect(theirs).not.toBe(mine);
    const forged = randomBytes(24).toString('base64url');
    const attempts: Array<[string, { cookie?: string; header?: string }]> = [
      ['no header (cookie only)', { cookie: mine }],
      ['no cookie and no header', {}],
      ['header without the cookie', { header: mine }],
      ['a wrong token', { cookie: mine, header: forged }],
      ["another session's token", { cookie: mine, header: theirs }],
      ['an empty header', { cookie: mine, header: '' }],
      ['a prefix of the token', { cookie: mine, header: mine.slice(0, -1) }],
    ];
    const checked: string[] = [];
    for (const route of stateChanging) {
      const key = `${route.method} ${route.url}`;
      for (const [label, auth] of attempts) {
        const res = await send(route, auth);
        if (CSRF_EXEMPT.has(key)) {
          expect(res.json<{ code?: string }>().code, `${key}: ${label}`).not.toBe('CSRF');
          continue;
        }
        expect(res.statusCode, `${key}: ${label} → ${res.body}`).toBe(403);
        expectJsonError(res, 403);
        expect(res.json(), `${key}: ${label}`).toMatchObject({ code: 'CSRF', message: /CSRF token/ });
      }
      // The control: the same request with the matching token is not refused for CSRF, so the
      // 403s above come from the token and not from something else about the request.
      const control = await send(route, { cookie: mine, header: mine });
      expect(control.statusCode, `${key} with the right token: ${control.body}`).toBeLessThan(500);
      if (control.headers['content-type']?.toString().startsWith('application/json') && control.body) {
        expect(control.json<{ code?: string }>().code, `${key} with the right token`).not.toBe('CSRF');
      }
      checked.push(key);
    }
    expect(checked.length).toBe(stateChanging.length);
    await healthy(t);
  });

  it('[SEC-08] an unknown state-changing URL is a JSON 404, and safe methods never need the token', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no/such/route', payload: {} });
    expectJsonError(unknown, 404);
    // A fresh session: the control calls above signed `user` out (POST /auth/logout with its
    // bearer), and a signed-out session's access token is refused at once.
    const reader = await createUser(t, { name: 'Reader' });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/users/users/me',
      headers: { authorization: `Bearer ${reader.accessToken}` },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('[SEC-08] rate limits on the auth routes', () => {
  /**
   * Auth routes not in the tight auth group, each with its reason. GET /auth/providers only says
   * which social-login buttons are enabled: no credential or code is checked, so it is an ordinary
   * read (RATE_LIMIT_READ_MAX).
   */
  const NOT_AUTH_LIMITED = new Map([
    ['GET /api/auth/providers', 'a public read of static settings'],
    ['GET /api/auth/passkeys', "a signed-in read of the caller's own passkey list; no credential is checked"],
    ['GET /api/auth/two-factor', "a signed-in read of the caller's own setting (the read group)"],
    ['GET /api/auth/sessions', "a signed-in read of the caller's own devices (the read budget)"],
  ]);

  function authRoutes(): RouteEntry[] {
    return routes.filter((r) => r.url.startsWith('/api/auth/') && r.method !== 'HEAD');
  }

  function hit(route: RouteEntry, ip: string): Promise<LightMyRequestResponse> {
    const url = fillParams(route.url, 'google');
    if (route.method === 'GET') return limited.app.inject({ method: 'GET', url, remoteAddress: ip });
    return limited.request({ method: route.method as 'POST', url, remoteAddress: ip, payload: {} });
  }

  function expectRateLimited(res: LightMyRequestResponse, label: string): void {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(429);
    expectJsonError(res, 429);
    expect(res.json<{ message: string }>().message).toMatch(/too many requests/i);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter, label).toBeGreaterThan(0);
    expect(retryAfter, label).toBeLessThanOrEqual(60);
  }

  it('[SEC-08] every auth route beyond RATE_LIMIT_AUTH_MAX answers 429 with a message and Retry-After', async () => {
    const all = authRoutes();
    for (const name of [
      'login',
      'register',
      'refresh',
      'recovery',
      'recovery-confirm',
      'confirm',
      'logout',
    ]) {
      expect(all.map((r) => r.url)).toContain(`/api/auth/${name}`);
    }
    for (const route of all) {
      const key = `${route.method} ${route.url}`;
      const ip = uniqueIp();
      for (let i = 0; i < AUTH_MAX; i += 1) {
        const res = await hit(route, ip);
        expect(res.statusCode, `${key} #${i + 1}: ${res.body}`).not.toBe(429);
        expect(res.statusCode, `${key} #${i + 1}: ${res.body}`).toBeLessThan(500);
      }
      const over = await hit(route, ip);
      if (NOT_AUTH_LIMITED.has(key)) {
        expect(over.statusCode, key).not.toBe(429);
        continue;
      }
      expectRateLimited(over, key);
      // Another client is not affected.
      expect((await hit(route, uniqueIp())).statusCode, key).not.toBe(429);
    }
  });

  it('[SEC-08] the auth routes share one budget per client: switching routes does not reset it', async () => {
    const ip = uniqueIp();
    const urls = ['/api/auth/login', '/api/auth/register', '/api/auth/recovery'];
    for (const url of urls) {
      const res = await limited.request({ method: 'POST', url, remoteAddress: ip, payload: {} });
      expect(res.statusCode, url).not.toBe(429);
    }
    expectRateLimited(
      await limited.request({ method: 'POST', url: '/api/auth/refresh', remoteAddress: ip, payload: {} }),
      'refresh after three other auth calls',
    );
  });

  it('[SEC-08] repeated wrong passwords for one account are throttled from that address (429 + Retry-After), not from others', async () => {
    // On the app without the per-address rate limiter, which would answer first from one address.
    const victim = await insertUser(t);
    const wrong = { email: victim.email, password: 'Not-the-Pa55word-at-all' };
    const attacker = uniqueIp();
    const logIn = (payload: object, remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload });
    for (let i = 0; i < 3; i += 1) {
      const res = await logIn(wrong, attacker);
      expect(res.statusCode, res.body).toBe(401);
    }
    const right = { email: victim.email, password: victim.password };
    const throttled = await logIn(right, attacker);
    expect(throttled.statusCode, throttled.body).toBe(429);
    expectJsonError(throttled, 429);
    expect(throttled.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const owner = await logIn(right, uniqueIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

// ------------------------------------------------------------------ SEC-09

describe('[SEC-09] access-token tampering', () => {
  let user: TestUser;
  let other: TestUser;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    user = await createUser(t, { name: 'Token' });
    other = await createUser(t, { name: 'Other' });
  });

  function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      sub: user.id,
      iss: 'tripcrew',
      aud: 'tripcrew-api',
      iat: now(),
      exp: now() + 600,
      jti: randomUUID(),
      ...overrides,
    };
  }

  async function signed(
    secret: string,
    payload: Record<string, unknown>,
    alg: 'HS256' | 'HS384' | 'HS512' = 'HS256',
  ): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .sign(new TextEncoder().encode(secret));
  }

  async function tamperedTokens(): Promise<Array<[string, string]>> {
    const secret = t.config.jwtSecret;
    const [header = '', payload = '', signature = ''] = user.accessToken.split('.');
    const realClaims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return [
      ['alg none, no signature', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
      ['alg none, the real signature kept', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
      ['alg NONE (case trick)', `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims())}.`],
      ['alg None over the real payload', `${b64({ alg: 'None' })}.${payload}.`],
      ['signed with a wrong key', await signed(randomBytes(32).toString('hex'), claims())],
      ['signed with a short guessable key', await signed('secret', claims())],
      ['the right key, HS512 instead of HS256', await signed(secret, claims(), 'HS512')],
      ['expired (exp in the past)', await signed(secret, claims({ iat: now() - 7200, exp: now() - 3600 }))],
      ['not valid yet (nbf in the future)', await signed(secret, claims({ nbf: now() + 3600 }))],
      ['wrong issuer', await signed(secret, claims({ iss: 'someone-else' }))],
      ['wrong audience', await signed(secret, claims({ aud: 'another-api' }))],
      ['no subject', await signed(secret, claims({ sub: undefined }))],
      ['empty subject', await signed(secret, claims({ sub: '' }))],
      ['payload changed to another user', `${header}.${b64({ ...realClaims, sub: other.id })}.${signature}`],
      ['expiry pushed back', `${header}.${b64({ ...realClaims, exp: now() + 86_400 * 365 })}.${signature}`],
      [
        'signature flipped',
        `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      ],
      ['signature removed', `${header}.${payload}.`],
      ['header switched to alg none, signature kept', `${b64({ alg: 'none' })}.${payload}.${signature}`],
      ['two parts', `${header}.${payload}`],
      ['four parts', `${user.accessToken}.${signature}`],
      ['garbage', 'garbage'],
      ['dots only', '..'],
      ['non-base64 parts', '!!!.???.***'],
      ['header not JSON', `${Buffer.from('not json').toString('base64url')}.${payload}.${signature}`],
      ['payload not JSON', `${header}.${Buffer.from('not json').toString('base64url')}.${signature}`],
      ['a JWE-looking five parts', 'a.b.c.d.e'],
      ['a very long token', `${header}.${'A'.repeat(20_000)}.${signature}`],
    ];
  }

  it('[SEC-09] alg none, a wrong key, an expired or modified token, and malformed tokens answer 401', async () => {
    const tokens = await tamperedTokens();
    const protectedCalls = [
      { method: 'GET' as const, url: '/api/users/users/me' },
      { method: 'GET' as const, url: '/api/core/trips' },
      { method: 'POST' as const, url: '/api/core/wishlist/lists', payload: { name: 'Stolen' } },
    ];
    for (const [label, token] of tokens) {
      for (const call of protectedCalls) {
        const res = await t.request({ ...call, token });
        expect(res.statusCode, `${label} on ${call.method} ${call.url}: ${res.body}`).toBe(401);
        expectJsonError(res, 401);
        expect(res.body).not.toContain(other.email);
        expect(res.body).not.toContain(user.email);
      }
    }
    // Only the plain expiry is reported as such (the client then refreshes); forgeries are not.
    const expired = tokens.find(([label]) => label.startsWith('expired'))?.[1] ?? '';
    expect(
      (await t.request({ method: 'GET', url: '/api/users/users/me', token: expired })).json(),
    ).toMatchObject({
      reason: 'token-expired',
    });
    // The genuine token still works: the 401s above are about the tokens.
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain(user.email);
  });

  it('[SEC-09] a malformed Authorization header answers 401', async () => {
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer  ',
      `Token ${user.accessToken}`,
      `Bearer ${user.accessToken} extra`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/users/me',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expectJsonError(res, 401);
    }
  });
});

describe('[SEC-09] refresh-token reuse revokes the family', () => {
  const refresh = (refreshToken: string) =>
    t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it('[SEC-09] a rotated refresh token presented after the grace period is refused and the whole family revoked', async () => {
    expect(t.config.auth.refreshReuseGraceSeconds).toBe(0);
    const user = await insertUser(t);
    const first = await signIn(t, user.email, user.password);
    const otherDevice = await signIn(t, user.email, user.password);

    const second = await refresh(first.refreshToken);
    expect(second.statusCode, second.body).toBe(200);
    const r2 = second.json<{ refreshToken: string }>().refreshToken;
    const third = await refresh(r2);
    expect(third.statusCode, third.body).toBe(200);
    const newest = third.json<{ refreshToken: string }>().refreshToken;

    // The thief replays the first token: refused, and reuse is detected.
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode, replay.body).toBe(401);
    expectJsonError(replay, 401);
    expect(replay.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });

    // The whole family is gone: the newest token (the legitimate client's) and the middle one fail.
    for (const token of [newest, r2, first.refreshToken]) {
      const res = await refresh(token);
      expect(res.statusCode, res.body).toBe(401);
      expect(['SESSION_REVOKED', 'REFRESH_TOKEN_REUSED']).toContain(res.json<{ code: string }>().code);
    }
    // Another sign-in of the same user (another family) is untouched.
    const elsewhere = await refresh(otherDevice.refreshToken);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('[SEC-09] unknown, truncated or forged refresh tokens are refused without touching real sessions', async () => {
    const user = await insertUser(t);
    const session = await signIn(t, user.email, user.password);
    for (const token of [
      randomBytes(32).toString('base64url'),
      session.refreshToken.slice(0, -1),
      `${session.refreshToken}A`,
      session.accessToken,
    ]) {
      const res = await refresh(token);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expectJsonError(res);
    }
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
  });
});

// ------------------------------------------------------------------ SEC-10

interface UploadRoute {
  url: string;
  method: 'POST' | 'PUT';
  /** Where the stored image is served, from the upload's JSON answer. */
  servedAt(body: unknown): string[];
  /** Served only to signed-in people allowed to see it (the owner's token is sent). */
  private?: true;
  /** The Content-Security-Policy the stored file is served with. */
  csp: RegExp;
}

describe('[SEC-10] uploads that lie about their type', () => {
  let owner: TestUser;
  let uploadRoutes: UploadRoute[];

  beforeAll(async () => {
    owner = await createUser(t, { name: 'Uploader' });
    const catalogue = await loadCatalogue(t);
    const tripId = await createTrip(t, owner, { placeId: catalogue.lisbon._id });
    const expense = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/expenses`,
      token: owner.accessToken,
      payload: expenseBody(owner.id, { title: 'Receipt probe', amount: '3' }),
    });
    const expenseId = expense.json<{ _id: string }>()._id;
    const booking = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/bookings`,
      token: owner.accessToken,
      payload: { kind: 'train', start: { local: '2031-01-02T09:00', zone: 'Europe/Lisbon' } },
    });
    const bookingId = booking.json<{ _id: string }>()._id;
    // Upload routes are found by behaviour, not by a list: every POST/PUT/PATCH route of the
    // app is sent a JSON body by the trip's owner, and those that ask for multipart are uploads.
    uploadRoutes = [];
    for (const route of routes) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method) || !route.url.startsWith('/api/')) continue;
      if (route.url.startsWith('/api/auth/')) continue;
      const url = fillParams(route.url, tripId)
        .replace(`/expenses/${tripId}/`, `/expenses/${expenseId}/`)
        .replace(`/bookings/${tripId}/`, `/bookings/${bookingId}/`);
      const res = await t.request({
        method: route.method as 'POST',
        url,
        token: owner.accessToken,
        payload: {},
      });
      if (res.json<{ code?: string }>().code !== 'NOT_MULTIPART') continue;
      // Each upload route needs to say where its stored image is served: a new upload route
      // fails here until it gets a case.
      const publicCsp = /script-src 'self'/;
      if (route.url === '/api/assets/upload/avatar') {
        uploadRoutes.push({
          url,
          method: 'POST',
          servedAt: (body) => Object.values(body as Record<string, string>),
          csp: publicCsp,
        });
      } else if (route.url === '/api/core/trips/:id/upload') {
        uploadRoutes.push({
          url,
          method: 'POST',
          servedAt: (body) => Object.values((body as { image: Record<string, string> }).image),
          csp: publicCsp,
        });
      } else if (route.url === '/api/core/trips/:id/expenses/:expenseId/receipt') {
        // Receipts also take PDFs; images are re-encoded like every other upload.
        uploadRoutes.push({ url, method: 'PUT', servedAt: () => [url], private: true, csp: /sandbox/ });
      } else if (route.url === '/api/core/trips/:id/bookings/:bookingId/files') {
        // A booking's files take PDFs too; each is served at its own URL, to members only.
        uploadRoutes.push({
          url,
          method: 'POST',
          servedAt: (body) => [(body as { url: string }).url],
          private: true,
          csp: /sandbox/,
        });
      } else {
        throw new Error(`an upload route without a case in the SEC-10 proof: ${route.method} ${route.url}`);
      }
    }
  });

  const upload = (route: UploadRoute, part: { filename: string; contentType: string; data: Buffer }) =>
    t.request({
      method: route.method,
      url: route.url,
      token: owner.accessToken,
      ...multipartBody([{ field: 'file', ...part }]),
    });

  const SVG_SCRIPT = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)">' +
      '<script>window.__xss=1</script><rect width="64" height="64"/></svg>',
  );
  const HTML_JS = Buffer.from('<html><body><script>window.__xss=1</script></body></html>');

  async function lies(): Promise<Array<[string, { filename: string; contentType: string; data: Buffer }]>> {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a8' } })
      .png()
      .toBuffer();
    return [
      [
        'SVG with <script> sent as image/png',
        { filename: 'photo.png', contentType: 'image/png', data: SVG_SCRIPT },
      ],
      [
        'SVG with <script> as image/svg+xml',
        { filename: 'photo.svg', contentType: 'image/svg+xml', data: SVG_SCRIPT },
      ],
      [
        'PNG signature followed by HTML/JS',
        { filename: 'x.png', contentType: 'image/png', data: Buffer.concat([PNG_SIGNATURE, HTML_JS]) },
      ],
      [
        'JPEG header followed by HTML/JS',
        {
          filename: 'x.jpg',
          contentType: 'image/jpeg',
          data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML_JS]),
        },
      ],
      [
        'GIF header followed by a ZIP (GIFAR-like)',
        {
          filename: 'x.gif',
          contentType: 'image/gif',
          data: Buffer.concat([Buffer.from('GIF89a'), zipOf('a.class', 'payload')]),
        },
      ],
      [
        'a real PNG header chunk with the rest HTML',
        { filename: 'x.png', contentType: 'image/png', data: Buffer.concat([png.subarray(0, 33), HTML_JS]) },
      ],
      [
        'PNG bomb: 50000×50000 pixels in a few hundred bytes',
        { filename: 'bomb.png', contentType: 'image/png', data: pngBomb(50_000, 50_000) },
      ],
      [
        'PNG bomb: 100000×1 rows… of 100000',
        { filename: 'bomb.png', contentType: 'image/png', data: pngBomb(100_000, 100_000) },
      ],
      [
        'GIF declaring 65535×65535 pixels',
        { filename: 'bomb.gif', contentType: 'image/gif', data: gifBomb(65_535, 65_535) },
      ],
      [
        'JPEG declaring 65500×65500 pixels',
        { filename: 'bomb.jpg', contentType: 'image/jpeg', data: jpegBomb(65_500, 65_500) },
      ],
      [
        'text sent as a .jpg of type image/jpeg',
        {
          filename: 'photo.jpg',
          contentType: 'image/jpeg',
          data: Buffer.from('just some text, not a photo'),
        },
      ],
      ['HTML page sent as image/jpeg', { filename: 'photo.jpg', contentType: 'image/jpeg', data: HTML_JS }],
      ['an empty file', { filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }],
      [
        'a file larger than the limit',
        {
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)]),
        },
      ],
      [
        'a PDF renamed .png',
        {
          filename: 'doc.png',
          contentType: 'image/png',
          data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
        },
      ],
    ];
  }

  it('[SEC-10] every upload route refuses SVG, polyglots, bombs, fake JPEGs, empty and oversized files with a 4xx JSON message', async () => {
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(2);
    const cases = await lies();
    for (const route of uploadRoutes) {
      for (const [label, part] of cases) {
        const started = Date.now();
        const res = await upload(route, part);
        expect(res.statusCode, `${route.url}: ${label} → ${res.body}`).toBeGreaterThanOrEqual(400);
        expectJsonError(res);
        // A bomb is judged by its header, not decoded: it is refused quickly.
        expect(Date.now() - started, `${route.url}: ${label}`).toBeLessThan(10_000);
        await healthy(t);
      }
      const bomb = await upload(route, {
        filename: 'b.png',
        contentType: 'image/png',
        data: pngBomb(50_000, 50_000),
      });
      expect(bomb.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    }
  });

  it('[SEC-10] a real image with HTML/JS or a ZIP appended is only ever stored as a clean re-encoded raster', async () => {
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const gif = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#33c' } })
      .gif()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const polyglots: Array<[string, { filename: string; contentType: string; data: Buffer }]> = [
      ['PNG + HTML', { filename: 'a.html', contentType: 'text/html', data: Buffer.concat([png, HTML_JS]) }],
      [
        'GIF + ZIP (GIFAR)',
        {
          filename: 'a.gif',
          contentType: 'image/gif',
          data: Buffer.concat([gif, zipOf('Evil.class', '<script>x</script>')]),
        },
      ],
      [
        'JPEG + SVG',
        { filename: 'a.svg', contentType: 'image/svg+xml', data: Buffer.concat([jpeg, SVG_SCRIPT]) },
      ],
    ];
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(2);
    let stored = 0;
    for (const route of uploadRoutes) {
      for (const [label, part] of polyglots) {
        const res = await upload(route, part);
        expect(res.statusCode, `${route.url}: ${label} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expectJsonError(res);
          continue;
        }
        stored += 1;
        const urls = route.servedAt(res.json());
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) {
          const served = await t.app.inject({
            method: 'GET',
            url,
            ...(route.private ? { headers: { authorization: `Bearer ${owner.accessToken}` } } : {}),
          });
          expect(served.statusCode, `${label}: ${url}`).toBe(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.headers['x-content-type-options']).toBe('nosniff');
          expect(String(served.headers['content-security-policy'])).toMatch(route.csp);
          const bytes = served.rawPayload;
          expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
          expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
          expect(bytes.toString('latin1')).not.toMatch(/<script|<html|<svg|onload|Evil\.class/i);
          expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04])), 'a ZIP entry').toBe(false);
        }
      }
    }
    // Today's policy is to accept and re-encode them: the checks above really ran.
    expect(stored).toBeGreaterThan(0);
    await healthy(t);
  });
});

// ------------------------------------------------------------------ SEC-11

/** Path tricks towards the sentinels: relative, encoded, double-encoded, backslashes, absolute, NUL, overlong UTF-8. */
function traversalPayloads(): string[] {
  const out = new Set<string>();
  for (const depth of [1, 2, 4]) {
    const up = (step: string) => step.repeat(depth);
    for (const target of ['secret.txt', 'secret.webp']) {
      out.add(`${up('../')}${target}`);
      out.add(`${up('..%2f')}${target}`);
      out.add(`${up('..%2F')}${target}`);
      out.add(`${up('%2e%2e%2f')}${target}`);
      out.add(`${up('%2e%2e/')}${target}`);
      out.add(`${up('%252e%252e%252f')}${target}`);
      out.add(`${up('..%255c')}${target}`);
      out.add(`${up('..%5c')}${target}`);
      out.add(`${up('..\\')}${target}`);
      out.add(`${up('%c0%ae%c0%ae%c0%af')}${target}`);
      out.add(`${up('..%c0%af')}${target}`);
      out.add(`${up('..%c1%9c')}${target}`);
      out.add(`${up('%e0%80%ae%e0%80%ae/')}${target}`);
      out.add(`${up('....//')}${target}`);
      out.add(`${up('..;/')}${target}`);
      out.add(`${up('%ef%bc%8e%ef%bc%8e%ef%bc%8f')}${target}`);
    }
  }
  out.add(`${dataDir}/secret.txt`);
  out.add(encodeURIComponent(`${dataDir}/secret.txt`));
  out.add(encodeURIComponent(join(root, 'secret.txt')));
  out.add('%2fetc%2fpasswd');
  out.add('..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd');
  out.add('/etc/passwd');
  out.add('file:%2f%2f%2fetc%2fpasswd');
  out.add('C:%5cWindows%5cwin.ini');
  out.add('secret.txt%00.webp');
  out.add('..%2fsecret.txt%00.webp');
  out.add('%00..%2f..%2fsecret.txt');
  out.add('0123456789abcdef0123456789abcdef.webp%00..%2f..%2fsecret.txt');
  return [...out];
}

describe('[SEC-11] path traversal in every file route', () => {
  let user: TestUser;
  let tripId: string;

  beforeAll(async () => {
    user = await createUser(t, { name: 'Walker' });
    const catalogue = await loadCatalogue(t);
    tripId = await createTrip(t, user, { placeId: catalogue.lisbon._id });
  });

  /** What is wrong with an answer to a traversal attempt (empty when nothing). */
  function leaks(res: LightMyRequestResponse, label: string, api: boolean): string[] {
    const problems: string[] = [];
    if (res.statusCode >= 500) problems.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    const body = res.rawPayload.toString('latin1');
    for (const secret of [SENTINEL, PASSWD_MARKER, '"devDependencies"', t.config.jwtSecret]) {
      if (body.includes(secret)) problems.push(`${label} → leaked ${secret.slice(0, 16)}`);
    }
    // An API route answers a refusal as JSON, never a file.
    if (api && res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('application/json'))
      problems.push(`${label} → ${res.statusCode} ${String(res.headers['content-type'])}`);
    return problems;
  }

  function expectNothingLeaked(res: LightMyRequestResponse, label: string): void {
    expect(leaks(res, label, false)).toEqual([]);
  }

  it('[SEC-11] every route with a name, id or wildcard in its path never reads outside its folder', async () => {
    const withParams = routes.filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD' && /[:*]/.test(r.url),
    );
    expect(withParams.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/assets/files/:name',
        '/api/core/images/:kind/:file',
        '/api/core/trips/:id/calendar.ics',
        '/api/core/trips/calendar-feed/:token',
      ]),
    );
    const payloads = traversalPayloads();
    let requests = 0;
    const problems: string[] = [];
    const send = async (method: string, url: string, api: boolean): Promise<void> => {
      const res = await t.request({
        method: method as 'GET',
        url,
        token: user.accessToken,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      requests += 1;
      problems.push(...leaks(res, `${method} ${url}`, api));
    };
    for (const route of withParams) {
      const api = !route.url.startsWith('/api/docs');
      for (const payload of payloads) await send(route.method, fillParams(route.url, payload), api);
      // One param a trick, the others real (a real trip, a real kind of image).
      if (route.url.includes(':id/')) {
        for (const payload of payloads.slice(0, 32)) {
          const url = route.url.replace(':id', tripId).replace(/:[A-Za-z]+/g, payload);
          if (url.includes(payload)) await send(route.method, url, api);
        }
      }
      if (route.url.includes(':kind')) {
        for (const payload of payloads)
          await send(route.method, fillParams(route.url.replace(':kind', 'place'), payload), api);
      }
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    await healthy(t);
    // Thousands of requests, more with every route that has a parameter: a budget, not a speed check.
  }, 240_000);

  it('[SEC-11] the web app (static files and history fallback) never serves a file outside its folder', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('console.log');
    for (const payload of traversalPayloads()) {
      for (const prefix of ['/', '/assets/', '/trips/', '/api/../', '/assets/..%2f']) {
        const url = `${prefix}${payload}`;
        const res = await t.app.inject({ method: 'GET', url });
        expectNothingLeaked(res, `GET ${url}`);
      }
    }
    // A sentinel inside the served folder's parent under a plain name is not reachable either.
    const direct = await t.app.inject({ method: 'GET', url: '/secret.txt' });
    expectNothingLeaked(direct, 'GET /secret.txt');
    expect(direct.statusCode).toBe(404);
    await healthy(t);
  });

  it('[SEC-11] the calendar export names its file from the trip name without path or header tricks', async () => {
    const rename = await t.request({
      method: 'PATCH',
      url: `/api/core/trips/update/${tripId}`,
      token: user.accessToken,
      payload: { tripName: '../../etc/passwd"\\; filename=evil.sh' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const ics = await t.request({
      method: 'GET',
      url: `/api/core/trips/${tripId}/calendar.ics`,
      token: user.accessToken,
    });
    expect(ics.statusCode, ics.body).toBe(200);
    const disposition = String(ics.headers['content-disposition']);
    const fileName = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
    expect(fileName).toMatch(/\.ics$/);
    expect(fileName).not.toMatch(/[/\\"]|\.\./);
    expect(disposition.match(/filename=/g)?.length).toBe(1);
  });

  it('[SEC-11] an upload never writes outside DATA_DIR/uploads, whatever its file name says', async () => {
    const outside = filesBelow(root).filter((f) => !f.startsWith(`data${sep}uploads${sep}`));
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const names = [
      '../../../escaped.png',
      '..\\..\\escaped.png',
      `${root}/escaped.png`,
      '/tmp/escaped.png',
      'escaped.png\u0000.webp',
      '%2e%2e%2fescaped.png',
      '....//....//escaped.png',
    ];
    const urls = [`/api/assets/upload/avatar`, `/api/core/trips/${tripId}/upload`];
    const stored: string[] = [];
    for (const url of urls) {
      for (const filename of names) {
        const res = await t.request({
          method: 'POST',
          url,
          token: user.accessToken,
          ...multipartBody([{ field: 'file', filename, contentType: 'image/png', data: png }]),
        });
        expect(res.statusCode, `${url} ${filename}: ${res.body}`).toBe(200);
        const body = res.json<Record<string, unknown>>();
        const image = (url.includes('avatar') ? body : body.image) as Record<string, string>;
        for (const served of Object.values(image)) {
          expect(served).toMatch(/^\/api\/assets\/files\/[a-f0-9]{32}(-[a-z0-9]+)?\.webp$/);
          stored.push(served.slice('/api/assets/files/'.length));
        }
      }
    }
    // Nothing new outside the uploads folder, nothing named after the client's file name.
    expect(filesBelow(root).filter((f) => !f.startsWith(`data${sep}uploads${sep}`))).toEqual(outside);
    const uploads = realpathSync(uploadsDir);
    for (const file of filesBelow(uploadsDir)) {
      expect(file).not.toMatch(/escaped/);
      expect(realpathSync(join(uploadsDir, file)).startsWith(`${uploads}${sep}`)).toBe(true);
    }
    // Every key the API handed out is a file inside the uploads folder.
    const present = new Set(filesBelow(uploadsDir));
    for (const key of stored.slice(-2)) expect(present.has(key), key).toBe(true);
    for (const place of [tmpdir(), root, join(root, '..')]) {
      expect(readdirSync(place).filter((name) => name.startsWith('escaped'))).toEqual([]);
    }
  });
});
