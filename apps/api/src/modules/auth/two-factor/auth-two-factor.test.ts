import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { enableTwoFactor, totpCode, twoFactorPost, wrongTotpCode } from './auth-two-factor.fixtures.ts';
import { authPost, login, randomIp, rows } from '../auth.fixtures.ts';

/**
 * Two-factor sign-in (TOTP, issue 22). The clock is pinned (Date only: the service reads
 * Date.now), so each code is computed for a known time step and the clock moves only when a
 * test moves it.
 */

/** A pinned instant, 5 s into a 30-second step. */
const T0 = Date.UTC(2026, 10, 27, 9, 0, 5);
const STEP = 30_000;

describe('two-factor sign-in (TOTP)', () => {
  const t = useTestApp();
  let clock = T0;
  const setClock = (ms: number) => {
    clock = ms;
    vi.setSystemTime(ms);
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    clock = T0;
  });
  afterEach(() => vi.useRealTimers());

  const status = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/auth/two-factor', token: user.accessToken })).json();
  const challengeOf = async (user: TestUser) => {
    const res = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresInSeconds: 300 });
    return body.challenge as string;
  };
  const finish = (challenge: string, code: string) => authPost(t, 'login/two-factor', { challenge, code });
  /** A user with two-factor sign-in on, enrolled at T0 - 1 step (so T0's code is still unused). */
  async function enrolledUser() {
    const user = await createUser(t);
    setClock(T0 - STEP);
    const enrolled = await enableTwoFactor(t, user);
    setClock(T0);
    return { user, ...enrolled };
  }

  it('[TOTP-01] setup answers a secret, its otpauth URI and a local SVG QR code; nothing changes until confirmed', async () => {
    const user = await createUser(t);
    const res = await twoFactorPost(t, user, 'two-factor/setup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Tripcrew:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: body.secret,
      issuer: 'Tripcrew',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Stored sealed, never in clear.
    const [stored] = await rows<{ secret_sealed: string; enabled_at: string | null }>(
      t,
      sql`select secret_sealed, enabled_at from two_factor_settings where user_id = ${user.id}`,
    );
    expect(stored?.secret_sealed).not.toContain(body.secret);
    expect(stored?.enabled_at).toBeNull();
    expect(await status(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const signIn = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(signIn.json().accessToken).toEqual(expect.any(String));
  });

  it('[TOTP-02] confirming with a wrong code fails; the right one turns it on and answers ten recovery codes once', async () => {
    const user = await createUser(t);
    const { secret } = (await twoFactorPost(t, user, 'two-factor/setup')).json();
    const wrong = await twoFactorPost(t, user, 'two-factor/confirm', { code: wrongTotpCode(secret, clock) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG', field: 'code' });
    expect(await status(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const right = await twoFactorPost(t, user, 'two-factor/confirm', { code: totpCode(secret, clock) });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = right.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Stored hashed only.
    const hashes = await rows<{ code_hash: string }>(
      t,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${user.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
    // Never shown again: a new setup is refused while it is on.
    const again = await twoFactorPost(t, user, 'two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ON');
    expect(
      (await twoFactorPost(t, user, 'two-factor/confirm', { code: totpCode(secret, clock) })).statusCode,
    ).toBe(409);
  });

  it('[TOTP-03] with it on, the password alone gives a challenge, not a session; the code finishes the sign-in', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeOf(user);
    const res = await finish(challenge, totpCode(secret, clock));
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ _id: user.id, email: user.email });
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: session.accessToken });
    expect(me.statusCode).toBe(200);
    // Single use.
    const reuse = await finish(challenge, totpCode(secret, clock + STEP));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('[TOTP-04] a wrong code is a 401; a code of a step already used is refused; ±1 step is accepted', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeOf(user);
    const wrong = await finish(challenge, wrongTotpCode(secret, clock));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG', field: 'code' });
    // Two steps back is outside the window.
    expect((await finish(challenge, totpCode(secret, clock - 2 * STEP))).json().code).toBe(
      'TWO_FACTOR_CODE_WRONG',
    );
    // The next step's code is accepted (clock drift)…
    expect((await finish(challenge, totpCode(secret, clock + STEP))).statusCode).toBe(200);
    // …and then neither it nor an earlier step's code can be used again.
    const next = await challengeOf(user);
    const reused = await finish(next, totpCode(secret, clock + STEP));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TWO_FACTOR_CODE_USED');
    expect((await finish(next, totpCode(secret, clock))).json().code).toBe('TWO_FACTOR_CODE_USED');
    setClock(clock + 2 * STEP);
    expect((await finish(next, totpCode(secret, clock))).statusCode).toBe(200);
  });

  it('[TOTP-05] a recovery code signs in once, in any case and spacing; the count goes down', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const [first = ''] = recoveryCodes;
    const res = await finish(await challengeOf(user), ` ${first.toUpperCase().replace('-', ' ')} `);
    expect(res.statusCode).toBe(200);
    const again = await finish(await challengeOf(user), first);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_FACTOR_CODE_WRONG');
    expect(await status({ ...user, accessToken: res.json().accessToken })).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
  });

  it('[TOTP-06] five wrong codes end the challenge; further failures wait a growing delay (429, Retry-After)', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeOf(user);
    for (let i = 1; i <= 4; i += 1) {
      expect((await finish(challenge, wrongTotpCode(secret, clock))).statusCode).toBe(401);
    }
    const fifth = await finish(challenge, wrongTotpCode(secret, clock));
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG', reason: 'challenge-ended' });
    const ended = await finish(challenge, totpCode(secret, clock));
    expect(ended.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    // Per user: after five failures the next code waits (even the right one, on a new challenge).
    const next = await challengeOf(user);
    const waiting = await finish(next, totpCode(secret, clock));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('TWO_FACTOR_THROTTLED');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    setClock(clock + 2_000);
    expect((await finish(next, wrongTotpCode(secret, clock))).statusCode).toBe(401);
    const longer = await finish(next, totpCode(secret, clock));
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(2);
    setClock(clock + 2_000);
    expect((await finish(next, totpCode(secret, clock))).statusCode).toBe(200);
    // A success clears the count.
    expect((await finish(await challengeOf(user), wrongTotpCode(secret, clock))).statusCode).toBe(401);
  });

  it('[TOTP-07] a challenge expires after 5 minutes', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeOf(user);
    setClock(clock + 300_000);
    const late = await finish(challenge, totpCode(secret, clock));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    expect((await finish('not-a-challenge', totpCode(secret, clock))).json().code).toBe(
      'TWO_FACTOR_CHALLENGE_INVALID',
    );
  });

  it('[TOTP-08] a password change needs the code when it is on', async () => {
    const { user, secret } = await enrolledUser();
    const change = (code?: string) =>
      twoFactorPost(t, user, 'change-password', {
        currentPassword: user.password,
        newPassword: 'A-brand-new-Pa55word',
        ...(code === undefined ? {} : { code }),
      });
    const missing = await change();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED', field: 'code' });
    const wrong = await change(wrongTotpCode(secret, clock));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG', field: 'code' });
    expect((await change(totpCode(secret, clock))).statusCode).toBe(200);

    // Without two-factor sign-in, no code is asked for.
    const plain = await createUser(t);
    const res = await twoFactorPost(t, plain, 'change-password', {
      currentPassword: plain.password,
      newPassword: 'A-brand-new-Pa55word',
    });
    expect(res.statusCode).toBe(200);
  });

  it('[TOTP-09] turning it off needs the password and a code; then the password alone signs in again', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const off = (payload: object) => twoFactorPost(t, user, 'two-factor/disable', payload);
    const badPassword = await off({ password: 'Not-the-pa55word', code: totpCode(secret, clock) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    const noCode = await off({ password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().field).toBe('code');
    const badCode = await off({ password: user.password, code: wrongTotpCode(secret, clock) });
    expect(badCode.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG' });
    expect(await status(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    expect((await off({ password: user.password, code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(await status(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const left = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from two_factor_recovery_codes where user_id = ${user.id}`,
    );
    expect(left[0]?.n).toBe(0);
    const signIn = await login(t, { email: user.email, password: user.password }, randomIp());
    expect(signIn.json().accessToken).toEqual(expect.any(String));
    expect((await off({ password: user.password, code: totpCode(secret, clock) })).json().code).toBe(
      'TWO_FACTOR_OFF',
    );
  });

  it('[TOTP-10] new recovery codes need a code and replace the old ones', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const noCode = await twoFactorPost(t, user, 'two-factor/recovery-codes', {});
    expect(noCode.statusCode).toBe(400);
    const res = await twoFactorPost(t, user, 'two-factor/recovery-codes', { code: totpCode(secret, clock) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await finish(await challengeOf(user), recoveryCodes[1] ?? '')).statusCode).toBe(401);
    expect((await finish(await challengeOf(user), fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('[TOTP-11] the status route and the routes of enrollment need a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/two-factor' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/two-factor/setup' })).statusCode).toBe(401);
    const user = await createUser(t);
    expect(await status(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const bad = await authPost(t, 'login/two-factor', { challenge: 'x', code: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('code');
  });
});
