import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, insertUser, uniqueEmail } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { login, randomIp } from '../auth.fixtures.ts';

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('login and access tokens', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });

  it('[AUTH-06] login returns name, lastName, image, email, _id, accessToken and refreshToken', async () => {
    const user = await insertUser(t, { name: 'Lou', lastName: 'Gin' });
    const res = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: user.id,
      name: 'Lou',
      lastName: 'Gin',
      email: user.email,
      image: null,
    });
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('[AUTH-06] a wrong email and a wrong password get the same 401 message', async () => {
    const user = await insertUser(t);
    const ip = randomIp();
    const wrongPassword = await login(t, { email: user.email, password: 'Not-the-pa55word' }, ip);
    const wrongEmail = await login(t, { email: uniqueEmail('ghost'), password: user.password }, ip);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'The email or the password is wrong.',
    });
  });

  it('[AUTH-06] an account without a password (social sign-in only) gets the same 401', async () => {
    const user = await insertUser(t);
    await t.database.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    const res = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('[AUTH-06] an unconfirmed account answers 403 with code "UNCONFIRMED" (only with the right password)', async () => {
    const user = await insertUser(t, { confirmed: false });
    const ip = randomIp();
    const right = await login(t, { email: user.email, password: user.password }, ip);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'UNCONFIRMED' });
    expect(right.json().message).toMatch(/Confirm your email/);
    const wrong = await login(t, { email: user.email, password: 'Not-the-pa55word' }, ip);
    expect(wrong.statusCode).toBe(401);
  });

  it('[AUTH-19] login compares the email trimmed and lower-cased', async () => {
    const user = await insertUser(t);
    const res = await login(
      t,
      { email: `  ${user.email.toUpperCase()}  `, password: user.password },
      randomIp(),
    );
    expect(res.statusCode).toBe(200);
  });

  it('[AUTH-07] login is throttled per account and address: after 3 failures from one address even the right password answers 429 there, with Retry-After', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await login(t, { email: user.email, password: `Wrong-pa55-${i}` }, ip)).statusCode).toBe(401);
    }
    const blocked = await login(t, { email: user.email, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect(blocked.json().message).toMatch(
      /Too many failed sign-in attempts for this account from your address/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // another account from the same address is not affected
    expect((await login(t, { email: other.email, password: other.password }, ip)).statusCode).toBe(200);
  });

  it('[AUTH-07] a successful login clears the failures of that account', async () => {
    const user = await insertUser(t);
    const ip = randomIp();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) await login(t, { email: user.email, password: 'Wrong-pa55word' }, ip);
      expect((await login(t, { email: user.email, password: user.password }, ip)).statusCode).toBe(200);
    }
  });

  it('[AUTH-11] access tokens are HS256 JWTs for the user, valid about 15 minutes', async () => {
    const user = await createUser(t);
    const [header, payload] = user.accessToken.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({
      alg: 'HS256',
      typ: 'JWT',
    });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      sub: string;
      exp: number;
      iat: number;
    };
    expect(claims.sub).toBe(user.id);
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('[AUTH-11] an expired access token answers 401 with reason "token-expired"', async () => {
    const user = await createUser(t);
    const claims = claimsOf(user.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid as string })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('tripcrew')
      .setAudience('tripcrew-api')
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 100)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.request({ method: 'GET', url: '/api/users/users/me', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ reason: 'token-expired' });
  });

  it('[AUTH-11] a forged, tampered or malformed access token answers a plain 401', async () => {
    const user = await createUser(t);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tripcrew')
      .setAudience('tripcrew-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const [h, p, s] = user.accessToken.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claimsOf(user.accessToken), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    for (const token of [forged, tampered, noneAlg, 'garbage']) {
      const res = await t.request({ method: 'GET', url: '/api/users/users/me', token });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().reason).toBeUndefined();
    }
    const basic = await t.request({
      method: 'GET',
      url: '/api/users/users/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toMatch(/Bearer/);
  });

  describe('bad input never answers 5xx', () => {
    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['a missing password', { email: 'a@b.co' }],
      ['an empty password', { email: 'a@b.co', password: '' }],
      ['a password of 129 characters', { email: 'a@b.co', password: 'p'.repeat(129) }],
      ['an invalid email', { email: 'a@', password: 'whatever1' }],
      ['an email that is an array', { email: ['a@b.co'], password: 'whatever1' }],
      ['an unknown field', { email: 'a@b.co', password: 'whatever1', remember: true }],
    ])('login with %s → 400 with a message', async (_label, payload) => {
      const res = await login(t, payload, randomIp());
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });
  });
});

describe('login throttling per address', () => {
  // Every call here comes from its own random address, so nothing else counts against it.
  const t = useTestApp({ LOGIN_MAX_FAILURES_PER_IP: '5' });

  it('[AUTH-07] login is throttled per address: 5 failures on any accounts block that address only', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await login(t, { email: uniqueEmail('spray'), password: 'Wrong-pa55word' }, ip)).statusCode,
      ).toBe(401);
    }
    const user = await insertUser(t);
    const blocked = await login(t, { email: user.email, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(200);
  });
});

describe('the global rate limiter on top of login throttling', () => {
  const t = useTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '3' });

  it('[AUTH-07] auth calls beyond RATE_LIMIT_AUTH_MAX per window answer 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await login(t, { email: uniqueEmail('rl'), password: 'Wrong-pa55word' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('login throttling per account and address, with a progressive delay', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' });
  const wrong = (email: string) => ({ email, password: 'Not-the-Pa55word' });
  /** Moves the pair's failures `seconds` into the past, as if that much time had gone by. */
  const age = (email: string, seconds: number) =>
    t.database.db.execute(
      sql`update login_failures set created_at = created_at - ${seconds} * interval '1 second' where email = ${email}`,
    );

  it('[AUTH-49] ten failures from one address do not lock the owner out: a correct login from another address succeeds', async () => {
    const user = await insertUser(t);
    const attacker = randomIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t, wrong(user.email), attacker)).statusCode).toBe(401);
      // Wait out the progressive delay (1, 2, 4 … seconds after the third failure).
      await age(user.email, 2 ** Math.max(0, i - 2));
    }
    const there = await login(t, { email: user.email, password: user.password }, attacker);
    expect(there.statusCode).toBe(429);
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(200);
  });

  it('[AUTH-50] after 3 failures from a pair each try waits a delay that doubles, even with the right password', async () => {
    const user = await insertUser(t);
    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) expect((await login(t, wrong(user.email), ip)).statusCode).toBe(401);
    const right = { email: user.email, password: user.password };
    const first = await login(t, right, ip);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().message).toMatch(/Try again in 1 second, or reset your password/);
    await age(user.email, 1);
    expect((await login(t, wrong(user.email), ip)).statusCode).toBe(401);
    const second = await login(t, right, ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    await age(user.email, 2);
    expect((await login(t, right, ip)).statusCode).toBe(200);
  });
});
