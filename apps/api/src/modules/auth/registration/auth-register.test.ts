import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  activationTokenOf,
  confirmationCodeOf,
  insertUser,
  latestMail,
  outbox,
  registerUser,
  uniqueEmail,
} from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { authPost, confirm, login, register, registration as body, rows } from '../auth.fixtures.ts';

describe('registration and confirmation', () => {
  const t = useTestApp();

  it('[AUTH-01] register answers 201 and mails a code and an activation link, both valid 10 minutes', async () => {
    const payload = body();
    const res = await register(t, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: payload.email, expiresInSeconds: 600 });
    const mail = await latestMail(t, payload.email, 'Confirm');
    expect(confirmationCodeOf(mail.text)).toMatch(/^\d{8}$/);
    expect(mail.text).toContain(`${t.config.appUrl}/auth/activate?token=`);
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(confirmationCodeOf(mail.text));
    const [code] = await rows<{ seconds: number }>(
      t,
      sql`select round(extract(epoch from (c.expires_at - c.created_at)))::int as seconds
          from email_codes c join users u on u.id = c.user_id where u.email = ${payload.email}`,
    );
    expect(code?.seconds).toBe(600);
    const [token] = await rows<{ seconds: number }>(
      t,
      sql`select round(extract(epoch from (o.expires_at - o.created_at)))::int as seconds
          from one_time_tokens o join users u on u.id = o.user_id where u.email = ${payload.email}`,
    );
    expect(token?.seconds).toBe(600);
  });

  it('[AUTH-01] the mail never contains the password and the code is stored only as a hash', async () => {
    const { email, code } = await registerUser(t);
    const mail = await latestMail(t, email);
    expect(mail.text).not.toContain(DEFAULT_PASSWORD);
    const stored = await rows<{ code_hash: string }>(
      t,
      sql`select c.code_hash from email_codes c join users u on u.id = c.user_id where u.email = ${email}`,
    );
    expect(stored[0]?.code_hash).toBeTruthy();
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it('[AUTH-03] registering again with an unconfirmed email sends a fresh code; the old one stops working', async () => {
    const first = await registerUser(t);
    const second = await registerUser(t, { email: first.email });
    expect(second.code).toMatch(/^\d{8}$/);
    const old = await confirm(t, { email: first.email, code: first.code });
    if (first.code !== second.code) {
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ code: 'CODE_REPLACED', field: 'code' });
      expect(old.json().message).toMatch(/latest email/);
    }
    const ok = await confirm(t, { email: first.email, code: second.code });
    expect(ok.statusCode).toBe(200);
  });

  it('[AUTH-03] registering an email with a confirmed account answers exactly like a new registration and mails "you already have an account"', async () => {
    const existing = await insertUser(t, { name: 'Existing' });
    const fresh = body();
    const resNew = await register(t, fresh);
    const resExisting = await register(t, body({ email: existing.email, password: 'Another-Pa55word-9' }));
    expect(resExisting.statusCode).toBe(resNew.statusCode);
    const strip = (r: { email: string }) => ({ ...r, email: '' });
    expect(strip(resExisting.json())).toEqual(strip(resNew.json()));
    expect(Object.keys(resExisting.headers).sort()).toEqual(Object.keys(resNew.headers).sort());
    const mails = await outbox(t, existing.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You already have a Tripcrew account');
    expect(mails[0]?.text).toContain(`${t.config.appUrl}/auth/recovery`);
    // the account itself is untouched: the old password still works
    const signedIn = await login(t, { email: existing.email, password: existing.password });
    expect(signedIn.statusCode).toBe(200);
  });

  it('[AUTH-04] confirm activates the account and returns the user with accessToken and refreshToken', async () => {
    const { email, code } = await registerUser(t, { name: 'Bea', lastName: 'Lopez' });
    const res = await confirm(t, { email, code });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ name: 'Bea', lastName: 'Lopez', email, image: null });
    expect(session._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken.length).toBeGreaterThanOrEqual(40);
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: session.accessToken });
    expect(me.statusCode).toBe(200);
    // the code was single use
    const again = await confirm(t, { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_USED');
  });

  it('[AUTH-04] accepts the code with spaces or a dash, and the email in any case with spaces', async () => {
    const { email, code } = await registerUser(t);
    const res = await confirm(t, {
      email: `  ${email.toUpperCase()} `,
      code: `${code.slice(0, 4)}-${code.slice(4)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('[AUTH-04] a wrong code answers 400 "not valid" with what to do; after 5 wrong attempts the code is void', async () => {
    const { email, code } = await registerUser(t);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const notValid = {
      statusCode: 400,
      code: 'CODE_INVALID',
      field: 'code',
      message: 'This code is not valid. Check the latest email, or register again to get a new code.',
    };
    for (let i = 0; i < 5; i += 1) {
      const res = await confirm(t, { email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(notValid);
    }
    const right = await confirm(t, { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(notValid);
  });

  it('[AUTH-04] an expired code answers 400 "not valid"', async () => {
    const { email, code } = await registerUser(t);
    await t.database.db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = ${email})`,
    );
    const res = await confirm(t, { email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CODE_INVALID', field: 'code' });
    expect(res.json().message).toMatch(/not valid.*latest email/);
  });

  it('[AUTH-04] confirm for an unknown email answers 400 like a wrong code', async () => {
    const res = await confirm(t, { email: uniqueEmail('nobody'), code: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
  });

  it('[AUTH-05] the activation link token activates the account once and returns tokens', async () => {
    const { email, activationToken } = await registerUser(t);
    const activate = (token: string) => authPost(t, 'networks/activate-user', { token });
    const res = await activate(activationToken);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken']);
    const signedIn = await login(t, { email, password: DEFAULT_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const second = await activate(activationToken);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'TOKEN_USED' });
  });

  it('[AUTH-05] an expired or unknown activation token answers 400 with its own message', async () => {
    const { email, activationToken } = await registerUser(t);
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = ${email})`,
    );
    const expired = await authPost(t, 'networks/activate-user', { token: activationToken });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const unknown = await authPost(t, 'networks/activate-user', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('TOKEN_INVALID');
  });

  it('[AUTH-18] passwords are stored as argon2id hashes', async () => {
    const { email } = await registerUser(t);
    const [row] = await rows<{ password_hash: string }>(
      t,
      sql`select password_hash from users where email = ${email}`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['7 characters', 'Abc-123', /at least 8 characters/],
    ['129 characters', 'x'.repeat(120) + 'Aa1-Bb2-C', /at most 128 characters/],
    ['a common password', 'password123', /most commonly used passwords/],
    ['a common password in another case', 'PassWord1', /most commonly used passwords/],
    ['one repeated character', 'zzzzzzzzzz', /repeated character/],
  ])('[AUTH-18] refuses a password of %s and says why', async (_label, password, message) => {
    const res = await register(t, body({ password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().message).toMatch(message);
  });

  it('[AUTH-18] accepts exactly 8 and exactly 128 characters', async () => {
    expect((await register(t, body({ password: 'Tr1p-cr3' }))).statusCode).toBe(201);
    expect((await register(t, body({ password: 'Tr1p-cr3w'.padEnd(128, 'q') }))).statusCode).toBe(201);
  });

  it('[AUTH-19] emails are trimmed and lower-cased before they are stored or compared', async () => {
    const local = uniqueEmail('MiXeD');
    const res = await register(t, body({ email: `   ${local.toUpperCase()}  ` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe(local.toLowerCase());
    const [row] = await rows<{ email: string }>(
      t,
      sql`select email from users where email = ${local.toLowerCase()}`,
    );
    expect(row?.email).toBe(local.toLowerCase());
    // the same address in another case is the same account (a fresh code, not a second user)
    const again = await register(t, body({ email: local.toLowerCase() }));
    expect(again.statusCode).toBe(201);
    const [count] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from users where lower(email) = ${local.toLowerCase()}`,
    );
    expect(count?.n).toBe(1);
  });

  it('[AUTH-20] without SMTP_URL every mail is kept as JSON under DATA_DIR/outbox and listed newest first', async () => {
    const { email } = await registerUser(t);
    await register(t, body({ email }));
    const dir = join(t.config.dataDir, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const mine = files
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; subject: string })
      .filter((m) => m.to === email);
    expect(mine).toHaveLength(2);
    const listed = await outbox(t, email);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.createdAt >= listed[1]!.createdAt).toBe(true);
    expect(listed[0]).toMatchObject({ to: email, subject: 'Confirm your Tripcrew account' });
    expect(listed[0]?.html).toContain('<a href=');
    const all = await t.request({ method: 'GET', url: '/api/dev/outbox?limit=1' });
    expect(all.json()).toMatchObject({ delivery: 'outbox' });
    expect(all.json().mails).toHaveLength(1);
  });

  it('[AUTH-20] the dev outbox rejects a bad limit with a clear 400', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dev/outbox?limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('limit');
  });

  describe('bad input never answers 5xx', () => {
    it.each([
      ['no body', undefined, 400],
      ['an empty object', {}, 400],
      ['a missing name', { lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD }, 400],
      ['a blank name', { name: '   ', lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD }, 400],
      [
        'a name of 61 characters',
        { name: 'n'.repeat(61), lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD },
        400,
      ],
      [
        'a control character in the name',
        { name: 'A\u0000b', lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD },
        400,
      ],
      ['a number as name', { name: 42, lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD }, 400],
      [
        'an invalid email',
        { name: 'A', lastName: 'X', email: 'not-an-email', password: DEFAULT_PASSWORD },
        400,
      ],
      [
        'an email of 255 characters',
        { name: 'A', lastName: 'X', email: `${'a'.repeat(243)}@example.test`, password: DEFAULT_PASSWORD },
        400,
      ],
      [
        'an unknown field',
        { name: 'A', lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD, admin: true },
        400,
      ],
      [
        'a bad phone',
        { name: 'A', lastName: 'X', email: 'a@b.co', password: DEFAULT_PASSWORD, phone: 'call me' },
        400,
      ],
      [
        'a password that is not a string',
        { name: 'A', lastName: 'X', email: 'a@b.co', password: 12345678 },
        400,
      ],
    ])('register with %s → 400 with a message', async (_label, payload, status) => {
      const res = await register(t, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it('register with malformed JSON → 400 INVALID_JSON', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_JSON');
    });

    it('register with the optional phone stores it', async () => {
      const payload = body({ phone: '+34 600 000 000' });
      expect((await register(t, payload)).statusCode).toBe(201);
      const [row] = await rows<{ phone: string }>(
        t,
        sql`select phone from users where email = ${payload.email}`,
      );
      expect(row?.phone).toBe('+34 600 000 000');
    });

    it.each([
      ['no body', undefined],
      ['a missing code', { email: 'a@b.co' }],
      ['a code of 7 digits', { email: 'a@b.co', code: '1234567' }],
      ['a code with letters', { email: 'a@b.co', code: '1234abcd' }],
      ['a very long code', { email: 'a@b.co', code: '1'.repeat(100) }],
      ['an invalid email', { email: 'nope', code: '12345678' }],
      ['an unknown field', { email: 'a@b.co', code: '12345678', extra: 1 }],
    ])('confirm with %s → 400 with a message', async (_label, payload) => {
      const res = await confirm(t, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it.each([
      ['no body', undefined],
      ['an empty token', { token: '' }],
      ['a token of 600 characters', { token: 'a'.repeat(600) }],
      ['a number', { token: 5 }],
    ])('activate-user with %s → 400 with a message', async (_label, payload) => {
      const res = await authPost(t, 'networks/activate-user', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it('a POST without the CSRF token → 403 CSRF', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body() });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF');
    });
  });

  it('the activation token from the mail is URL-safe', async () => {
    const { email } = await registerUser(t);
    const mail = await latestMail(t, email);
    expect(activationTokenOf(mail.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
