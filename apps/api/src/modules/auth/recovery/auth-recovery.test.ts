import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  createUser,
  insertUser,
  latestMail,
  outbox,
  recoveryCodeOf,
  uniqueEmail,
} from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { askRecovery, askRecoveryCode, authPost, login, randomIp, refresh, rows } from '../auth.fixtures.ts';

describe('recovery and password change', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });

  it('[AUTH-13] recovery answers 200 whether or not the account exists, and mails only an existing one a 1234-5678 code valid 30 minutes', async () => {
    const user = await insertUser(t, { name: 'Rita' });
    const ghost = uniqueEmail('ghost');
    const forUser = await askRecovery(t, user.email);
    const forGhost = await askRecovery(t, ghost);
    expect(forUser.statusCode).toBe(200);
    expect(forGhost.statusCode).toBe(200);
    expect(await outbox(t, ghost)).toHaveLength(0);
    expect(forUser.body).toBe(forGhost.body);
    await expect.poll(async () => (await outbox(t, user.email)).length).toBeGreaterThan(0);
    const mail = await latestMail(t, user.email, 'reset');
    expect(recoveryCodeOf(mail.text)).toMatch(/^\d{4}-\d{4}$/);
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain(`${t.config.appUrl}/auth/recovery-confirm?email=`);
    const [code] = await rows<{ seconds: number }>(
      t,
      sql`select round(extract(epoch from (expires_at - created_at)))::int as seconds
          from email_codes where user_id = ${user.id} and purpose = 'recovery'`,
    );
    expect(code?.seconds).toBe(1800);
  });

  it('[AUTH-14] recovery-confirm sets the new password (the old one stops working) and revokes every session', async () => {
    const user = await createUser(t);
    const second = await login(t, { email: user.email, password: user.password }, randomIp());
    const code = await askRecoveryCode(t, user.email);
    const res = await authPost(t, 'recovery-confirm', {
      email: user.email,
      code,
      password: 'Brand-new-Pa55word',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/password has been changed/);
    expect((await login(t, { email: user.email, password: user.password }, randomIp())).statusCode).toBe(401);
    expect(
      (await login(t, { email: user.email, password: 'Brand-new-Pa55word' }, randomIp())).statusCode,
    ).toBe(200);
    for (const refreshToken of [user.refreshToken, second.json().refreshToken as string]) {
      const refreshed = await refresh(t, refreshToken);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('SESSION_REVOKED');
    }
    // the code was single use
    const again = await authPost(t, 'recovery-confirm', {
      email: user.email,
      code,
      password: 'Another-new-Pa55word',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_USED');
  });

  it('[AUTH-14] the code also works without the dash; a wrong, expired or exhausted code answers 400 "not valid", and the limits hold', async () => {
    const user = await insertUser(t);
    const ask = () => askRecoveryCode(t, user.email);
    const reset = (code: string, password = 'Brand-new-Pa55word') =>
      authPost(t, 'recovery-confirm', { email: user.email, code, password });
    const notValid = {
      statusCode: 400,
      code: 'CODE_INVALID',
      field: 'code',
      message:
        'This code is not valid. Check the latest email, or ask for a new code on the "Forgot password" page.',
    };
    let code = await ask();
    const wrong = code === '0000-0000' ? '1111-1111' : '0000-0000';
    for (let i = 0; i < 5; i += 1) {
      const res = await reset(wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(notValid);
    }
    // Five wrong attempts void the code: the right one no longer works.
    expect((await reset(code)).json()).toEqual(notValid);

    code = await ask();
    await t.database.db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second' where user_id = ${user.id} and purpose = 'recovery' and consumed_at is null`,
    );
    expect((await reset(code)).json()).toEqual(notValid);

    code = await ask();
    const weak = await reset(code, 'qwerty123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
    const ok = await reset(code.replace('-', ''));
    expect(ok.statusCode).toBe(200);
  });

  it('[AUTH-14] recovery-confirm for an unknown email answers 400 like a wrong code', async () => {
    const res = await authPost(t, 'recovery-confirm', {
      email: uniqueEmail('ghost'),
      code: '1234-5678',
      password: 'Brand-new-Pa55word',
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
    const mine = await refresh(t, user.refreshToken);
    expect(mine.statusCode).toBe(200);
    const theirs = await refresh(t, other.refreshToken);
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
      ['recovery', 'no body', undefined],
      ['recovery', 'an invalid email', { email: 'nope' }],
      ['recovery', 'an unknown field', { email: 'a@b.co', x: 1 }],
      ['recovery-confirm', 'no body', undefined],
      ['recovery-confirm', 'a missing password', { email: 'a@b.co', code: '1234-5678' }],
      ['recovery-confirm', 'a short password', { email: 'a@b.co', code: '1234-5678', password: 'short' }],
      [
        'recovery-confirm',
        'a malformed code',
        { email: 'a@b.co', code: '1234-567x', password: 'Brand-new-Pa55word' },
      ],
      [
        'recovery-confirm',
        'an unknown field',
        { email: 'a@b.co', code: '1234-5678', password: 'Brand-new-Pa55word', y: 2 },
      ],
    ])('%s with %s → 400 with a message', async (route, _label, payload) => {
      const res = await authPost(t, route, payload);
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
