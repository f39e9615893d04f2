import { LIVE_CLOSE_REASON_SESSION_ENDED, LIVE_CLOSE_UNAUTHORIZED } from '@tripcrew/contracts/live';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, insertUser, type InsertedUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { clientTracker, connectLive, isType, liveUrl } from '../../chats/core/live.fixtures.ts';
import { refresh, rows } from '../auth.fixtures.ts';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Device {
  accessToken: string;
  refreshToken: string;
  /** Where the device calls from (its signed-in calls record it as the session's last network). */
  remoteAddress: string;
}

/** Signs `user` in from a given browser and address. */
async function signInFrom(
  t: TestApp,
  user: InsertedUser,
  userAgent: string,
  remoteAddress: string,
): Promise<Device> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: DEFAULT_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as Omit<Device, 'remoteAddress'>), remoteAddress };
}

const from = (device: Device) => ({ token: device.accessToken, remoteAddress: device.remoteAddress });

const list = (t: TestApp, device: Device) =>
  t.request({ method: 'GET', url: '/api/auth/sessions', ...from(device) });
const revoke = (t: TestApp, device: Device, id: string) =>
  t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}`, ...from(device) });
const revokeOthers = (t: TestApp, device: Device) =>
  t.request({ method: 'POST', url: '/api/auth/sessions/revoke-others', ...from(device) });
const me = (t: TestApp, device: Device) =>
  t.request({ method: 'GET', url: '/api/users/users/me', ...from(device) });

interface Listed {
  _id: string;
  label: string;
  kind: string;
  network: string | null;
  signedInAt: string;
  lastUsedAt: string;
  current: boolean;
}
const sessionsOf = async (t: TestApp, device: Device): Promise<Listed[]> => {
  const res = await list(t, device);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessions: Listed[] }).sessions;
};

describe('your devices: /auth/sessions', () => {
  let t: TestApp;
  let url: string;
  const { track, closeAll } = clientTracker();

  beforeAll(async () => {
    t = await createTestApp();
    url = await liveUrl(t);
  });
  afterAll(async () => {
    closeAll();
    await t.close();
  });

  it('[DEVICES-03] lists one session per sign-in: browser and system, network part only, dates, the current one flagged', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const phone = await signInFrom(t, user, IPHONE_SAFARI, '2001:db8:abcd:12::99');

    const sessions = await sessionsOf(t, laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      label: 'Chrome 131 on Windows',
      kind: 'desktop',
      network: '203.0.113.x',
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      label: 'Safari 17 on iOS',
      kind: 'phone',
      network: '2001:db8:abcd::/48',
      current: false,
    });
    for (const s of sessions) {
      expect(Date.parse(s.signedInAt)).not.toBeNaN();
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt));
    }
    // The phone sees the same two, with itself as the current one.
    const fromPhone = await sessionsOf(t, phone);
    expect(fromPhone.map((s) => [s.label, s.current])).toEqual([
      ['Safari 17 on iOS', true],
      ['Chrome 131 on Windows', false],
    ]);
    // Only the network part is stored, never the whole address.
    const stored = await rows<{ network: string | null }>(
      t,
      sql`select network from refresh_tokens where user_id = ${user.id} order by created_at`,
    );
    expect(stored.map((r) => r.network)).toEqual(['203.0.113.0/24', '2001:db8:abcd::/48']);
    const everything = JSON.stringify(
      await rows(t, sql`select * from refresh_tokens where user_id = ${user.id}`),
    );
    expect(everything).not.toContain('203.0.113.57');
    expect(everything).not.toContain('2001:db8:abcd:12');
    expect((await list(t, laptop)).headers['cache-control']).toMatch(/no-store/);
  });

  it('[DEVICES-04] a refresh keeps one session, records its last use and where it came from; sign-in time stays', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    await t.database.db.execute(
      sql`update refresh_tokens set created_at = now() - interval '2 hours' where user_id = ${user.id}`,
    );
    const before = (await sessionsOf(t, laptop))[0]!;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: laptop.refreshToken },
      headers: { 'user-agent': WINDOWS_CHROME },
      remoteAddress: '198.51.100.20',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await sessionsOf(t, { ...(res.json() as Device), remoteAddress: '198.51.100.20' });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      _id: before._id,
      signedInAt: before.signedInAt,
      network: '198.51.100.x',
    });
    expect(Date.parse(after[0]!.lastUsedAt)).toBeGreaterThan(Date.parse(before.signedInAt) + 3_600_000);
  });

  it('[DEVICES-05] signed-in calls record the last use at most once a minute per session', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const lastUsed = async () =>
      (
        await rows<{ last_used_at: unknown }>(
          t,
          sql`select last_used_at from refresh_tokens where user_id = ${user.id} and rotated_at is null`,
        )
      )[0]?.last_used_at;
    // The first signed-in call records it.
    expect((await me(t, laptop)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // A second call within the minute makes no write.
    await t.database.db.execute(
      sql`update refresh_tokens set last_used_at = now() - interval '30 seconds' where user_id = ${user.id}`,
    );
    const backdated = await lastUsed();
    expect((await me(t, laptop)).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(backdated);
  });

  it('[DEVICES-06] signing out another device: its refresh fails, its access token is refused at once, its socket closes with 4401', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const phone = await signInFrom(t, user, IPHONE_SAFARI, '198.51.100.7');
    const phoneSocket = track(await connectLive(url, phone.accessToken));
    const laptopSocket = track(await connectLive(url, laptop.accessToken));
    const phoneId = (await sessionsOf(t, laptop)).find((s) => !s.current)!._id;

    const res = await revoke(t, laptop, phoneId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, signedOut: false });

    expect(await phoneSocket.closed).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: LIVE_CLOSE_REASON_SESSION_ENDED,
    });
    const refused = await me(t, phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', reason: 'session-ended' });
    const refreshed = await refresh(t, phone.refreshToken);
    expect([refreshed.statusCode, refreshed.json().code]).toEqual([401, 'SESSION_REVOKED']);
    // The laptop carries on.
    expect((await me(t, laptop)).statusCode).toBe(200);
    laptopSocket.send({ type: 'ping' });
    expect(await laptopSocket.next(isType('pong'))).toEqual({ type: 'pong' });
    expect((await sessionsOf(t, laptop)).map((s) => s.current)).toEqual([true]);
    // Revoking it again: it is gone.
    expect((await revoke(t, laptop, phoneId)).statusCode).toBe(404);
  });

  it('[DEVICES-07] signing out the current device signs the caller out', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const own = (await sessionsOf(t, laptop))[0]!;
    const res = await revoke(t, laptop, own._id);
    expect(res.json()).toEqual({ ok: true, signedOut: true });
    expect((await me(t, laptop)).statusCode).toBe(401);
    expect((await refresh(t, laptop.refreshToken)).statusCode).toBe(401);
  });

  it('[DEVICES-08] "sign out all other devices" keeps only the current session', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const phone = await signInFrom(t, user, IPHONE_SAFARI, '198.51.100.7');
    const tablet = await signInFrom(t, user, IPHONE_SAFARI, '192.0.2.1');
    const tabletSocket = track(await connectLive(url, tablet.accessToken));

    const res = await revokeOthers(t, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, revoked: 2 });
    expect((await tabletSocket.closed).reason).toBe(LIVE_CLOSE_REASON_SESSION_ENDED);
    for (const other of [phone, tablet]) {
      expect((await me(t, other)).statusCode).toBe(401);
      expect((await refresh(t, other.refreshToken)).statusCode).toBe(401);
    }
    const left = await sessionsOf(t, laptop);
    expect(left.map((s) => s.current)).toEqual([true]);
    expect((await me(t, laptop)).statusCode).toBe(200);
    expect((await revokeOthers(t, laptop)).json()).toEqual({ ok: true, revoked: 0 });
  });

  it("[DEVICES-09] another user's session, an unknown id and an id that is not a UUID answer 404; nothing is revoked", async () => {
    const [ana, bo] = [await insertUser(t), await insertUser(t)];
    const anaLaptop = await signInFrom(t, ana, WINDOWS_CHROME, '203.0.113.57');
    const boPhone = await signInFrom(t, bo, IPHONE_SAFARI, '198.51.100.7');
    const boId = (await sessionsOf(t, boPhone))[0]!._id;
    for (const id of [boId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await revoke(t, anaLaptop, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await me(t, boPhone)).statusCode).toBe(200);
    expect(await sessionsOf(t, anaLaptop)).toHaveLength(1);
    // Signed out: 401.
    expect((await t.request({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('[DEVICES-10] an id with control characters answers 400, never 5xx', async () => {
    const user = await insertUser(t);
    const laptop = await signInFrom(t, user, WINDOWS_CHROME, '203.0.113.57');
    const res = await revoke(t, laptop, '%00abc');
    expect(res.statusCode).toBe(400);
  });
});
