import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  createUser,
  insertUser,
  latestMail,
  outbox,
  recoveryCodeOf,
  uniqueEmail,
} from '../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const login = (t: TestApp, payload: unknown, remoteAddress?: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A random private address, so per-address throttling in one test never touches another. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('login, access tokens, recovery and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

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

  it('[AUTH-07] login is throttled per account: after 3 failures even the right password answers 429 with Retry-After', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await login(t, { email: user.email, password: `Wrong-pa55-${i}` }, randomIp())).statusCode,
      ).toBe(401);
    }
    const blocked = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts for this account/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // another account is not affected
    expect((await login(t, { email: other.email, password: other.password }, randomIp())).statusCode).toBe(
      200,
    );
  });

  it('[AUTH-07] a successful login clears the failures of that account', async () => {
    const user = await insertUser(t);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1)
        await login(t, { email: user.email, password: 'Wrong-pa55word' }, randomIp());
      expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(
        200,
      );
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

  it('[AUTH-13] recovery answers 200 whether or not the account exists, and mails only an existing one a 1234-5678 code valid 30 minutes', async () => {
    const user = await insertUser(t, { name: 'Rita' });
    const ghost = uniqueEmail('ghost');
    const forUser = await t.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { email: user.email },
    });
    const forGhost = await t.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { email: ghost },
    });
    expect(forUser.statusCode).toBe(200);
    expect(forGhost.statusCode).toBe(200);
    const strip = (m: string) => m.replace(/\S+@\S+/, '<email>');
    expect(strip(forUser.json().message)).toBe(strip(forGhost.json().message));
    expect(await outbox(t, ghost)).toHaveLength(0);
    const mail = await latestMail(t, user.email, 'reset');
    expect(recoveryCodeOf(mail.text)).toMatch(/^\d{4}-\d{4}$/);
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain(`${t.config.appUrl}/auth/recovery-confirm?email=`);
    const result = await t.database.db.execute(
      sql`select round(extract(epoch from (expires_at - created_at)))::int as seconds
          from email_codes where user_id = ${user.id} and purpose = 'recovery'`,
    );
    expect((result as unknown as { rows: Array<{ seconds: number }> }).rows[0]?.seconds).toBe(1800);
  });

  it('[AUTH-14] recovery-confirm sets the new password (the old one stops working) and revokes every session', async () => {
    const user = await createUser(t);
    const second = await login(t, { email: user.email, password: user.password }, randomIp());
    await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { email: user.email } });
    const code = recoveryCodeOf((await latestMail(t, user.email, 'reset')).text);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/recovery-confirm',
      payload: { email: user.email, code, password: 'Brand-new-Pa55word' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/password has been changed/);
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(401);
    expect(
      (await login(t, { email: user.email, password: 'Brand-new-Pa55word' }, randomIp())).statusCode,
    ).toBe(200);
    for (const refreshToken of [user.refreshToken, second.json().refreshToken as string]) {
      const refresh = await t.request({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().code).toBe('SESSION_REVOKED');
    }
    // the code was single use
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/recovery-confirm',
      payload: { email: user.email, code, password: 'Another-new-Pa55word' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_USED');
  });

  it('[AUTH-14] the code also works without the dash; a wrong, expired or exhausted code answers 400 with its own message', async () => {
    const user = await insertUser(t);
    const ask = () =>
      t.request({ method: 'POST', url: '/api/auth/recovery', payload: { email: user.email } });
    const reset = (code: string, password = 'Brand-new-Pa55word') =>
      t.request({
        method: 'POST',
        url: '/api/auth/recovery-confirm',
        payload: { email: user.email, code, password },
      });
    await ask();
    let code = recoveryCodeOf((await latestMail(t, user.email, 'reset')).text);
    const wrong = code === '0000-0000' ? '1111-1111' : '0000-0000';
    const first = await reset(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      code: 'CODE_WRONG',
      message: 'The code is wrong. You have 4 attempts left.',
    });
    for (let i = 0; i < 4; i += 1) await reset(wrong);
    const exhausted = await reset(code);
    expect(exhausted.json()).toMatchObject({ code: 'CODE_VOID' });
    expect(exhausted.json().message).toMatch(/Forgot password/);

    await ask();
    code = recoveryCodeOf((await latestMail(t, user.email, 'reset')).text);
    await t.database.db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second' where user_id = ${user.id} and purpose = 'recovery' and consumed_at is null`,
    );
    const expired = await reset(code);
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED' });

    await ask();
    code = recoveryCodeOf((await latestMail(t, user.email, 'reset')).text);
    const weak = await reset(code, 'qwerty123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
    const ok = await reset(code.replace('-', ''));
    expect(ok.statusCode).toBe(200);
  });

  it('[AUTH-14] recovery-confirm for an unknown email answers 400 like a wrong code', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/recovery-confirm',
      payload: { email: uniqueEmail('ghost'), code: '1234-5678', password: 'Brand-new-Pa55word' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
  });

  it('[AUTH-15] change-password changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t);
    const other = (await login(t, { email: user.email, password: user.password }, randomIp())).json();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: user.accessToken,
      payload: { currentPassword: user.password, newPassword: 'Changed-Pa55word' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(401);
    expect((await login(t, { email: user.email, password: 'Changed-Pa55word' }, randomIp())).statusCode).toBe(
      200,
    );
    const mine = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(theirs.statusCode).toBe(401);
  });

  it('[AUTH-15] change-password refuses a wrong current password, the same password, a weak one, and no sign-in', async () => {
    const user = await createUser(t);
    const change = (payload: unknown, token: string | null = user.accessToken) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: payload as object,
        ...(token ? { token } : {}),
      });
    const wrong = await change({ currentPassword: 'Not-my-pa55word', newPassword: 'Changed-Pa55word' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      field: 'currentPassword',
      message: 'Your current password is wrong.',
    });
    const same = await change({ currentPassword: user.password, newPassword: user.password });
    expect(same.json()).toMatchObject({ code: 'SAME_PASSWORD', field: 'newPassword' });
    const weak = await change({ currentPassword: user.password, newPassword: 'iloveyou' });
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'newPassword' });
    const short = await change({ currentPassword: user.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8 characters/);
    const anonymous = await change({ currentPassword: user.password, newPassword: 'Changed-Pa55word' }, null);
    expect(anonymous.statusCode).toBe(401);
    // nothing changed
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(200);
  });

  it('[AUTH-15] change-password for an account without a password says how to set one', async () => {
    const user = await createUser(t);
    await t.database.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: user.accessToken,
      payload: { currentPassword: 'anything-at-all', newPassword: 'Changed-Pa55word' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NO_PASSWORD' });
    expect(res.json().message).toMatch(/Forgot password/);
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

    it.each([
      ['no body', undefined],
      ['an invalid email', { email: 'nope' }],
      ['an unknown field', { email: 'a@b.co', x: 1 }],
    ])('recovery with %s → 400 with a message', async (_label, payload) => {
      const res = await t.request({ method: 'POST', url: '/api/auth/recovery', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it.each([
      ['no body', undefined],
      ['a missing password', { email: 'a@b.co', code: '1234-5678' }],
      ['a short password', { email: 'a@b.co', code: '1234-5678', password: 'short' }],
      ['a malformed code', { email: 'a@b.co', code: '1234-567x', password: 'Brand-new-Pa55word' }],
      ['an unknown field', { email: 'a@b.co', code: '1234-5678', password: 'Brand-new-Pa55word', y: 2 }],
    ])('recovery-confirm with %s → 400 with a message', async (_label, payload) => {
      const res = await t.request({ method: 'POST', url: '/api/auth/recovery-confirm', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it.each([
      ['no body', undefined],
      ['a missing new password', { currentPassword: DEFAULT_PASSWORD }],
      [
        'a new password of 129 characters',
        { currentPassword: DEFAULT_PASSWORD, newPassword: 'n'.repeat(129) },
      ],
      ['an unknown field', { currentPassword: DEFAULT_PASSWORD, newPassword: 'Changed-Pa55word', z: 3 }],
    ])('change-password with %s → 400 with a message', async (_label, payload) => {
      const user = await createUser(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: user.accessToken,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });
  });
});

describe('login throttling per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every call here comes from its own random address, so nothing else counts against it.
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '5' });
  });
  afterAll(() => t.close());

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
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => t.close());

  it('[AUTH-07] auth calls beyond RATE_LIMIT_AUTH_MAX per window answer 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await login(t, { email: uniqueEmail('rl'), password: 'Wrong-pa55word' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
