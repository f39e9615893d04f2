import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';
import { register, registration } from './auth.fixtures.ts';

describe('the dev outbox in production', () => {
  const t = useTestApp({ NODE_ENV: 'production' });

  it('[AUTH-20] GET /dev/outbox does not exist when NODE_ENV=production (mail is still kept and logged)', async () => {
    const email = uniqueEmail('prod');
    const res = await register(t, registration({ name: 'Pro', lastName: 'Duction', email }));
    expect(res.statusCode).toBe(201);
    const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((docs.json() as { paths: Record<string, unknown> }).paths)).not.toContain(
      '/dev/outbox',
    );
  });
});

describe('the dev outbox outside production', () => {
  const t = useTestApp();
  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/dev/outbox?limit=5', remoteAddress, headers });

  it('[AUTH-40] answers on a loopback connection (IPv4, IPv6 and IPv4-mapped)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json()).toMatchObject({ delivery: 'outbox' });
    }
  });

  it('[AUTH-41] from any other address it is a 404 like an unknown route, whatever X-Forwarded-For says', async () => {
    const unknown = await t.request({
      method: 'GET',
      url: '/api/dev/nothing-here',
      remoteAddress: '10.1.2.3',
    });
    const forwarded: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }];
    for (const headers of forwarded) {
      const res = await outbox('10.1.2.3', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        ...(unknown.json() as object),
        message: 'No route GET /api/dev/outbox.',
      });
    }
  });
});

describe('the dev outbox behind a proxy or on a public address', () => {
  const lines: string[] = [];
  const proxied = useTestApp(
    { TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  const publicHost = useTestApp({ HOST: '0.0.0.0' });
  /** The outbox asked for on a loopback connection. */
  const fromLoopback = (app: typeof proxied, headers: Record<string, string> = {}) =>
    app.request({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });

  it('[SEC-04] with TRUST_PROXY set it is a 404 even on a loopback connection, and the boot log says why', async () => {
    expect((await fromLoopback(proxied)).statusCode).toBe(404);
    const forwarded = await fromLoopback(proxied, { 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.statusCode).toBe(404);
    expect(lines.some((line) => line.includes('dev outbox off') && line.includes('TRUST_PROXY'))).toBe(true);
  });

  it('[SEC-04] listening on a non-loopback address it is a 404 even on a loopback connection', async () => {
    expect((await fromLoopback(publicHost)).statusCode).toBe(404);
  });
});
