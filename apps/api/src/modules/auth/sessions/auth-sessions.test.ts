import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../test/helpers/factories.ts';
import { countLiveFamilies } from './auth-sessions.repository.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { authPost, refresh, rows } from '../auth.fixtures.ts';

describe('refresh rotation, reuse detection and logout (with a 10 s race grace window)', () => {
  const t = useTestApp();

  it('[AUTH-08] refresh returns a new pair and the presented token cannot be used again', async () => {
    const user = await createUser(t);
    const res = await refresh(t, user.refreshToken);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect(pair.accessToken).not.toBe(user.accessToken);
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: pair.accessToken });
    expect(me.statusCode).toBe(200);
    const again = await refresh(t, user.refreshToken);
    expect(again.statusCode).toBe(401);
    // and the new one works in turn
    expect((await refresh(t, pair.refreshToken)).statusCode).toBe(200);
  });

  it('[AUTH-08] refresh tokens are opaque random values stored only as SHA-256 hashes', async () => {
    const user = await createUser(t);
    expect(user.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.refreshToken.split('.')).toHaveLength(1);
    const hashes = (
      await rows<{ token_hash: string }>(
        t,
        sql`select token_hash from refresh_tokens where user_id = ${user.id}`,
      )
    ).map((r) => r.token_hash);
    expect(hashes).toEqual([createHash('sha256').update(user.refreshToken).digest('base64url')]);
    const [plain] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from refresh_tokens where token_hash = ${user.refreshToken}`,
    );
    expect(plain?.n).toBe(0);
  });

  it('[AUTH-10] two tabs refreshing with the same token at once: one wins, the other gets 401, one live family, no 5xx', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await createUser(t);
      const [a, b] = await Promise.all([refresh(t, user.refreshToken), refresh(t, user.refreshToken)]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 401]);
      const loser = a.statusCode === 401 ? a : b;
      const winner = a.statusCode === 200 ? a : b;
      expect(loser.json()).toMatchObject({ code: 'REFRESH_IN_PROGRESS', reason: 'refresh-race' });
      expect(await countLiveFamilies(t.database.db, user.id)).toBe(1);
      // the winner's session survives the race
      expect((await refresh(t, winner.json().refreshToken as string)).statusCode).toBe(200);
    }
  });

  it('[AUTH-10] many concurrent refreshes of one token: exactly one succeeds, none answers 5xx', async () => {
    const user = await createUser(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(t, user.refreshToken)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(7);
    expect(await countLiveFamilies(t.database.db, user.id)).toBe(1);
  });

  it('[AUTH-12] logout with the refresh token revokes the family: a later refresh answers 401', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.email, user.password);
    const res = await authPost(t, 'logout', { refreshToken: user.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You are signed out.' });
    const later = await refresh(t, user.refreshToken);
    expect(later.statusCode).toBe(401);
    expect(later.json().code).toBe('SESSION_REVOKED');
    // another sign-in of the same user (another device) stays signed in
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('[AUTH-12] logout revokes the whole family, including tokens rotated after the login', async () => {
    const user = await createUser(t);
    const rotated = (await refresh(t, user.refreshToken)).json().refreshToken as string;
    await authPost(t, 'logout', { refreshToken: rotated });
    expect((await refresh(t, rotated)).statusCode).toBe(401);
  });

  it('[AUTH-12] logout without a body ends the session of the bearer access token', async () => {
    const user = await createUser(t);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', token: user.accessToken });
    expect(res.statusCode).toBe(200);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);
  });

  it('[AUTH-12] logout with neither a refresh token nor an access token answers 401; an unknown token is ignored', async () => {
    const none = await authPost(t, 'logout');
    expect(none.statusCode).toBe(401);
    const empty = await authPost(t, 'logout', {});
    expect(empty.statusCode).toBe(401);
    const unknown = await authPost(t, 'logout', { refreshToken: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(200);
  });

  it('an expired refresh token answers 401 SESSION_EXPIRED', async () => {
    const user = await createUser(t);
    await t.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const res = await refresh(t, user.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('an unknown refresh token answers 401 INVALID_REFRESH_TOKEN', async () => {
    const res = await refresh(t, 'A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
  });

  describe('bad input never answers 5xx', () => {
    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['an empty token', { refreshToken: '' }],
      ['a number', { refreshToken: 42 }],
      ['a token of 600 characters', { refreshToken: 'r'.repeat(600) }],
      ['an unknown field', { refreshToken: 'abc', accessToken: 'def' }],
    ])('refresh with %s → 400 with a message', async (_label, payload) => {
      const res = await authPost(t, 'refresh', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });

    it.each([
      ['a number as token', { refreshToken: 42 }],
      ['an unknown field', { everything: true }],
    ])('logout with %s → 400 with a message', async (_label, payload) => {
      const res = await authPost(t, 'logout', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    });
  });
});

describe('reuse detection without a grace window', () => {
  const t = useTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });

  it('[AUTH-09] presenting an already-rotated token revokes the whole family: every token of it then fails', async () => {
    const user = await createUser(t);
    const otherDevice = await signIn(t, user.email, user.password);
    const second = (await refresh(t, user.refreshToken)).json().refreshToken as string;
    const third = (await refresh(t, second)).json().refreshToken as string;
    const reuse = await refresh(t, user.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    expect(reuse.json().message).toMatch(/sign in again/);
    for (const token of [third, second, user.refreshToken]) {
      const res = await refresh(t, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_REVOKED');
    }
    // another login (another family) is not touched
    expect((await refresh(t, otherDevice.refreshToken)).statusCode).toBe(200);
  });

  it('[AUTH-10] a concurrent refresh without grace never leaves two live families (the loser revokes it), and never 5xx', async () => {
    const user = await createUser(t);
    const results = await Promise.all([refresh(t, user.refreshToken), refresh(t, user.refreshToken)]);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(await countLiveFamilies(t.database.db, user.id)).toBeLessThanOrEqual(1);
  });
});
