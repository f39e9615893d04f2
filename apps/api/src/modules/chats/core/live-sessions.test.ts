import { LIVE_CLOSE_REASON_SESSION_ENDED, LIVE_CLOSE_UNAUTHORIZED } from '@tripcrew/contracts/live';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../test/helpers/factories.ts';
import { connectLive, isType, openLive, useLiveApp } from './live.fixtures.ts';

/**
 * Sessions end everywhere: a socket belongs to the session (refresh-token family) its access
 * token was issued for; when that session ends, the socket is closed with 4401 `session-ended`,
 * and the still unexpired access token of that session cannot open a new one.
 */
describe('live sockets end with their session', () => {
  const { t, live, track } = useLiveApp();

  it("logging out closes that session's socket at once, and only that one", async () => {
    const ana = await createUser(t);
    const phone = await signIn(t, ana.email);
    const laptopSocket = track(await connectLive(live.url, ana.accessToken));
    const phoneSocket = track(await connectLive(live.url, phone.accessToken));

    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: ana.refreshToken },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await laptopSocket.closed).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: LIVE_CLOSE_REASON_SESSION_ENDED,
    });
    // The other device's socket still answers.
    phoneSocket.send({ type: 'ping' });
    expect(await phoneSocket.next(isType('pong'))).toEqual({ type: 'pong' });

    // The logged-out session's access token is still a valid JWT, but opens no socket.
    const again = track(await openLive(live.url));
    again.send({ type: 'auth', token: ana.accessToken });
    expect(await again.closed).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: LIVE_CLOSE_REASON_SESSION_ENDED,
    });
    expect(again.frames).toEqual([]);
  });

  it('logging out with the access token alone ends its socket too', async () => {
    const bo = await createUser(t);
    const socket = track(await connectLive(live.url, bo.accessToken));
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: bo.accessToken,
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await socket.closed).reason).toBe(LIVE_CLOSE_REASON_SESSION_ENDED);
  });

  it("a reused refresh token ends its family's sockets", async () => {
    const cy = await createUser(t);
    const socket = track(await connectLive(live.url, cy.accessToken));
    const refresh = (refreshToken: string) =>
      t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect((await refresh(cy.refreshToken)).statusCode).toBe(200);
    // Out of the grace window (where a replay counts as a race between tabs): reuse.
    await t.database.db.execute(
      sql`update refresh_tokens set rotated_at = now() - interval '1 hour' where user_id = ${cy.id} and rotated_at is not null`,
    );
    const replay = await refresh(cy.refreshToken);
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'REFRESH_TOKEN_REUSED']);
    expect((await socket.closed).reason).toBe(LIVE_CLOSE_REASON_SESSION_ENDED);
  });
});
