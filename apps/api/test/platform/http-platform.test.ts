import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLinkHeader } from '../../src/platform/spa.ts';
import { PROBE, useProbeApps } from '../helpers/probe-routes.ts';
import { forBlock, type TestApp } from '../helpers/test-app.ts';

/** Cross-cutting HTTP behaviour: logging, health, compression, OpenAPI, SPA serving, headers. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const rootPackage = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

interface LogLine {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const app = useProbeApps();

function csrfCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'csrf-token');
}

/**
 * The /api routes Fastify has registered, read from printRoutes' tree: each line is a node whose
 * path continues its parent's; four characters of indentation per level.
 */
function registeredApiRoutes(instance: FastifyInstance): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected printRoutes line: ${line}`);
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (path.startsWith('/api/')) routes.push({ method, path });
    }
  }
  return routes;
}

describe('[API-03] logging', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await app(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  const linesFor = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('[API-03] every request is logged as pino JSON lines carrying its request id, echoed in X-Request-Id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    const own = linesFor(id);
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of own) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
    }
    expect(own.find((l) => l.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 } });
    // Two requests never share an id.
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('[API-03] a sane incoming X-Request-Id is reused end to end', async () => {
    const id = `edge-${Date.now()}.trace_1`;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesFor(id).length).toBeGreaterThanOrEqual(2);
  });

  it('[API-03] an insane incoming X-Request-Id is replaced by a fresh one', async () => {
    for (const bad of ['has spaces <script>', 'x'.repeat(65), 'quote"s', 'semi;colon']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(lines.some((l) => l.reqId === bad)).toBe(false);
    }
  });

  it('[API-03] a 5xx is logged with its request id and the real error; credentials are not logged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: PROBE.crash,
      headers: { authorization: 'Bearer secret-token-xyz', cookie: 'refresh=secret-cookie-xyz' },
    });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'] as string;
    const error = linesFor(id).find((l) => l.level >= 50);
    expect(error?.err).toMatchObject({ message: expect.stringContaining('internal detail') });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('secret-token-xyz');
    expect(all).not.toContain('secret-cookie-xyz');
  });
});

describe('health', () => {
  const t = forBlock(() => app());

  it('[API-05] GET /api/health answers 200 with status, version and database reachability', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      status: string;
      version: string;
      database: { engine: string; reachable: boolean; latencyMs: number };
    };
    expect(body.status).toBe('ok');
    expect(body.version).toBe(rootPackage.version);
    expect(body.database.engine).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.reachable).toBe(true);
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.database.latencyMs).toBeLessThan(2_000);
  });

  it('[API-05] GET /api/health answers from the last background check, so probes cost no database round trip', async () => {
    const ping = vi.spyOn(t.database, 'ping');
    try {
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        expect(
          Date.parse((res.json() as { database: { checkedAt: string } }).database.checkedAt),
        ).not.toBeNaN();
      }
      // The background check runs every few seconds: at most one of them may fall in this loop.
      expect(ping.mock.calls.length).toBeLessThan(5);
    } finally {
      ping.mockRestore();
    }
  });

  it('[API-05] GET /api/health/deep asks the database now and answers with that check', async () => {
    const ping = vi.spyOn(t.database, 'ping');
    try {
      const before = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health/deep' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as { status: string; database: { reachable: boolean; checkedAt: string } };
      expect(body).toMatchObject({ status: 'ok', database: { reachable: true } });
      expect(Date.parse(body.database.checkedAt)).toBeGreaterThanOrEqual(before - 1);
      expect(ping).toHaveBeenCalled();
      // /health then reports the same check.
      const cached = (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as typeof body;
      expect(Date.parse(cached.database.checkedAt)).toBeGreaterThanOrEqual(
        Date.parse(body.database.checkedAt),
      );
    } finally {
      ping.mockRestore();
    }
  });

  it('[API-05] sets a csrf-token cookie (SameSite=Lax, Path=/, readable by the web app) when absent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = csrfCookie(res);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy(); // APP_URL is http here
    // Each browser gets its own token.
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(csrfCookie(again)?.value).not.toBe(cookie?.value);
  });

  it('[API-05] keeps an existing valid csrf-token cookie and replaces a malformed one', async () => {
    const valid = 'Zk3_validToken-0123456789';
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', cookies: { 'csrf-token': valid } });
    expect(kept.statusCode).toBe(200);
    expect(csrfCookie(kept)).toBeUndefined();
    expect(kept.headers['set-cookie']).toBeUndefined();

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'csrf-token': 'x<' },
    });
    expect(csrfCookie(replaced)?.value).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });
});

describe('[SEC-04] cookies and proxies', () => {
  it('[SEC-04] a request whose route reads no cookie does not parse the Cookie header; the CSRF check still reads it', async () => {
    const t = await app();
    const untouched = await t.app.inject({
      method: 'GET',
      url: PROBE.cookiesUntouched,
      cookies: { 'csrf-token': 'Zk3_validToken-0123456789', other: 'x' },
    });
    expect(untouched.json()).toEqual({ untouched: true });
    // A state-changing call: the CSRF hook reads the cookie on demand and compares it.
    const post = (header: string) =>
      t.app.inject({
        method: 'POST',
        url: PROBE.echo,
        cookies: { 'csrf-token': 'Zk3_validToken-0123456789' },
        headers: { 'x-csrf-token': header },
        payload: { name: 'a' },
      });
    expect((await post('Zk3_otherToken-0123456789')).statusCode).toBe(403);
    expect((await post('Zk3_validToken-0123456789')).statusCode).toBe(200);
  });

  it('[SEC-04] the csrf-token cookie is Secure and SameSite=Lax when APP_URL is https', async () => {
    const t = await app({ APP_URL: 'https://trips.example.com' });
    const cookie = csrfCookie(await t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(cookie).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
  });

  /** What the app makes of the caller of a request sent over https through `forwardedFor`. */
  async function whoami(t: TestApp, forwardedFor: string, remoteAddress?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: PROBE.whoami,
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return res.json() as unknown;
  }

  it('[SEC-04] without TRUST_PROXY, X-Forwarded-* headers are ignored', async () => {
    const t = await app();
    expect(await whoami(t, '203.0.113.9')).toMatchObject({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('[SEC-04] TRUST_PROXY=true makes the client ip and protocol follow the proxy headers', async () => {
    const t = await app({ TRUST_PROXY: 'true' });
    expect(await whoami(t, '203.0.113.9')).toMatchObject({ ip: '203.0.113.9', protocol: 'https' });
  });

  it('[SEC-04] TRUST_PROXY as a list trusts only those proxies: a spoofed left-most address is not believed', async () => {
    const t = await app({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    const viaProxy = await whoami(t, '6.6.6.6, 198.51.100.4');
    expect(viaProxy).toMatchObject({ ip: '198.51.100.4', protocol: 'https' });
    // A client that is not one of the proxies cannot pick its own address.
    const direct = await whoami(t, '6.6.6.6', '198.51.100.77');
    expect(direct).toMatchObject({ ip: '198.51.100.77', protocol: 'http' });
  });
});

describe('compression', () => {
  const t = forBlock(() => app());

  it('[API-07] a large JSON response is gzip- or brotli-compressed when the client accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/core/vocabulary/about-us',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip;q=0.8' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });

  it('[API-07] a tiny response is sent as is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('status');
  });
});

describe('OpenAPI', () => {
  const t = forBlock(() => app());

  it('[API-08] /api/docs serves the documentation UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
    // Its scripts and styles are served locally (no CDN), under a CSP without inline scripts.
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^https?:/);
      const url = asset.startsWith('/') ? asset : `/api/docs/${asset.replace(/^\.\//, '')}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain('upgrade-insecure-requests'); // APP_URL is http here
  });

  it('[API-08] /api/docs/json is OpenAPI 3 listing every registered /api endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0]?.url).toBe('/api');

    // /api/users/ws is a WebSocket upgrade, not an HTTP operation OpenAPI describes: its frames
    // are the contract in packages/contracts/src/live.ts (docs/decisions/007).
    const routes = registeredApiRoutes(t.app).filter(
      (r) => r.method !== 'HEAD' && !r.path.startsWith('/api/docs') && r.path !== '/api/users/ws',
    );
    // The collector sees the platform, module and probe routes, so the check below means something.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/health' },
        { method: 'GET', path: '/api/core/vocabulary/about-us' },
        { method: 'POST', path: PROBE.echo },
      ]),
    );
    const missing = routes.filter((r) => {
      const path = r.path.slice('/api'.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return !doc.paths[path]?.[r.method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // And nothing is documented that does not exist.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/docs'))).toBe(false);
  });

  it('[API-08] request bodies and responses come from the zod contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    const health = doc.paths['/health']?.get?.responses?.['200'];
    expect(JSON.stringify(health)).toContain('latencyMs');
    const echo = doc.paths['/test-probe/echo']?.post?.requestBody;
    expect(JSON.stringify(echo)).toContain('"additionalProperties":false');
  });
});

describe('single server: SPA and API', () => {
  let t: TestApp;
  const indexHtml =
    '<!doctype html><html><head><script type="module" src="/assets/x.js"></script></head></html>';
  const bigScript = `export const words = ${JSON.stringify('tripcrew '.repeat(400))};`;
  const bigScriptCopies = { br: brotliCompressSync(bigScript), gz: gzipSync(bigScript) };
  /** A page as a browser asks for it. */
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tripcrew-dist-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'x.js'), 'export const x = 1;');
    writeFileSync(join(dist, 'assets', 'big.js'), bigScript);
    writeFileSync(join(dist, 'assets', 'big.js.br'), bigScriptCopies.br);
    writeFileSync(join(dist, 'assets', 'big.js.gz'), bigScriptCopies.gz);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Tripcrew"}');
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        routes: [{ pattern: '/trips/:id', files: ['/assets/trip-a1.js', '/assets/contracts-b2.js'] }],
      }),
    );
    t = await app({ WEB_DIST: dist });
  });

  it('[API-10] GET / and deep links answer index.html (history fallback)', async () => {
    for (const url of [
      '/',
      '/trips/123',
      '/trips/123?tab=plan',
      '/auth/register',
      '/places/lisbon/features',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('[PERF-07] / announces the first suggestion image, a place screen its hero image (Link: rel=preload)', async () => {
    const suggestions = (
      await t.app.inject({ method: 'GET', url: '/api/core/suggestions' })
    ).json() as Array<{
      image: string;
      place: { _id: string };
    }>;
    const first = suggestions[0]!;
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(indexHtml);
    expect(home.headers.link).toBe(`<${first.image}>; rel=preload; as=image; fetchpriority=high`);

    const place = (
      await t.app.inject({ method: 'GET', url: `/api/core/places/place/${first.place._id}` })
    ).json() as { image: { original: string } };
    const placeScreen = await page(`/place/somewhere/country?place=${first.place._id}`);
    expect(placeScreen.statusCode).toBe(200);
    expect(placeScreen.headers.link).toBe(
      `<${place.image.original}>; rel=preload; as=image; fetchpriority=high`,
    );

    // Unknown or malformed places, and other pages, are served as ever, with nothing announced.
    for (const url of [
      '/place/x/country?place=00000000-0000-4000-8000-000000000000',
      '/place/x/country?place=%3Cscript%3E',
      '/trips',
      '/trips/123/more',
      '/auth',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('[PERF-07] a trip page announces the chunks its first render runs (Link: rel=modulepreload)', async () => {
    for (const url of ['/trips/123', '/trips/123?tab=plan', '/trips/123/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers.link, url).toBe(
        '</assets/trip-a1.js>; rel=modulepreload, </assets/contracts-b2.js>; rel=modulepreload',
      );
    }
  });

  it('[PERF-07] a preload address cannot break out of its Link header', () => {
    expect(preloadLinkHeader([{ href: '/a b<c>"d\r\nSet-Cookie: x', as: 'image' }])).toBe(
      '</a%20b%3Cc%3E%22d%0D%0ASet-Cookie:%20x>; rel=preload; as=image; fetchpriority=high',
    );
  });

  it('[API-10] /sw.js is served at the root and always revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('addEventListener');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  it('[API-10] hashed assets are cached for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const x = 1;');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("[PERF-07] a script is sent as the build's Brotli or gzip copy the browser accepts, else as it is", async () => {
    const asset = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The copy itself, byte for byte (compressing on the fly sends no length).
    expect(br.rawPayload.equals(bigScriptCopies.br)).toBe(true);
    expect(br.headers['content-length']).toBe(String(bigScriptCopies.br.length));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await asset('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(bigScriptCopies.gz.length));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    // A file the build wrote no copy of is compressed on the fly, as before.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(small.rawPayload).toString()).toBe('export const x = 1;');
  });

  it('[API-10] the API stays under /api: an unknown API path is a JSON 404, never the SPA', async () => {
    for (const url of ['/api/unknown', '/api', '/api/', '/api?x=1', '/api/trips/123']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toHaveProperty('status');
  });

  it('[API-10] a missing file is a real 404, not index.html', async () => {
    for (const url of ['/missing.png', '/assets/missing.js', '/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
    }
    const post = await t.app.inject({ method: 'POST', url: '/trips/123' });
    expect(post.statusCode).toBe(404);
  });

  it('[SEC-01] the SPA and the API carry a strict CSP, nosniff and a Referrer-Policy', async () => {
    const responses = await Promise.all(
      ['/', '/trips/1', '/assets/x.js', '/api/health', '/api/unknown', PROBE.crash].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    for (const res of responses) {
      const csp = String(res.headers['content-security-policy'] ?? '');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.trim(), csp).toBe("'self'");
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // http APP_URL
    }
  });

  it('[SEC-01] with an https APP_URL, HSTS and upgrade-insecure-requests are on', async () => {
    const https = await app({ APP_URL: 'https://trips.example.com' });
    const res = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
