import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * Access tokens signed with the server's own secret but not of the shape it issues, and valid
 * tokens of an account that is gone (issue 22): each is a plain 401, never a 500.
 */

interface Forge {
  sub?: string;
  sid?: string;
  /** Seconds from now; null: no `exp` claim at all. */
  expiresIn?: number | null;
  /** Seconds from now of the issue time (`iat`); 0 by default. */
  issuedIn?: number;
}

function forge(t: TestApp, { sub, sid, expiresIn = 900, issuedIn = 0 }: Forge): Promise<string> {
  const now = Math.floor(Date.now() / 1000) + issuedIn;
  const jwt = new SignJWT(sid === undefined ? {} : { sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('tripcrew')
    .setAudience('tripcrew-api')
    .setIssuedAt(now);
  if (sub !== undefined) jwt.setSubject(sub);
  if (expiresIn !== null) jwt.setExpirationTime(now - issuedIn + expiresIn);
  return jwt.sign(new TextEncoder().encode(t.config.jwtSecret));
}

const sidOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

/** User-scoped calls: a read of the account, a read of its data and a write referencing it. */
const userScoped = (target: TestUser) => [
  { method: 'GET' as const, url: '/api/users/users/me' },
  { method: 'GET' as const, url: '/api/core/trips' },
  { method: 'GET' as const, url: '/api/users/crew/my-crew' },
  { method: 'POST' as const, url: '/api/users/crew/crew-request', payload: { userId: target.id } },
];

async function expectPlain401(t: TestApp, token: string, target: TestUser): Promise<void> {
  for (const call of userScoped(target)) {
    const res = await t.request({ ...call, token });
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    expect(res.json(), `${call.method} ${call.url}`).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(res.json().reason).toBeUndefined();
  }
}

describe('access tokens the server did not issue, or of a removed account', () => {
  const t = useTestApp();

  it('[AUTH-42] a signed token without an expiry is refused with 401', async () => {
    const [user, target] = [await createUser(t), await createUser(t)];
    const token = await forge(t, { sub: user.id, sid: sidOf(user.accessToken), expiresIn: null });
    await expectPlain401(t, token, target);
    // The same claims with an expiry pass: only the missing `exp` is refused.
    const good = await forge(t, { sub: user.id, sid: sidOf(user.accessToken) });
    expect((await t.request({ method: 'GET', url: '/api/users/users/me', token: good })).statusCode).toBe(
      200,
    );
  });

  it('[AUTH-43] a signed token whose subject or session is not a UUID, or has no subject, answers 401', async () => {
    const [user, target] = [await createUser(t), await createUser(t)];
    const tokens = [
      await forge(t, { sub: 'admin' }),
      await forge(t, { sub: "1' or '1'='1" }),
      await forge(t, { sub: '' }),
      await forge(t, {}),
      await forge(t, { sub: user.id, sid: 'not-a-session' }),
    ];
    for (const token of tokens) await expectPlain401(t, token, target);
  });

  it('[SEC-09] a signed token without a session id, with an expiry past the configured lifetime or issued in the future answers 401', async () => {
    const [user, target] = [await createUser(t), await createUser(t)];
    const sid = sidOf(user.accessToken);
    const lifetime = t.config.auth.accessTokenTtlSeconds;
    const tokens = [
      await forge(t, { sub: user.id }),
      await forge(t, { sub: user.id, sid, expiresIn: 10 * 365 * 86_400 }),
      await forge(t, { sub: user.id, sid, expiresIn: lifetime + 60 }),
      await forge(t, { sub: user.id, sid, issuedIn: 3600, expiresIn: 600 }),
    ];
    for (const token of tokens) await expectPlain401(t, token, target);
    // The same claims within the lifetime, issued now, pass.
    const good = await forge(t, { sub: user.id, sid, expiresIn: lifetime });
    expect((await t.request({ method: 'GET', url: '/api/users/users/me', token: good })).statusCode).toBe(
      200,
    );
  });

  it('[AUTH-44] a valid token of an account that no longer exists answers 401 on user-scoped routes', async () => {
    const [user, target] = [await createUser(t), await createUser(t)];
    expect(
      (await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken })).statusCode,
    ).toBe(200);
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    await expectPlain401(t, user.accessToken, target);
    // A well-formed token for an id that never was an account.
    await expectPlain401(t, await forge(t, { sub: randomUUID(), sid: randomUUID() }), target);
    await expectPlain401(t, await forge(t, { sub: randomUUID() }), target);
  });
});
