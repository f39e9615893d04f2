import type { Notification, NotificationSettings } from '@tripcrew/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import {
  listUnsubscribeUrl,
  mailHeaders,
  postOneClick,
  useMailingTestApp,
} from '../../../../test/helpers/mailing-app.ts';
import { forBlock } from '../../../../test/helpers/test-app.ts';
import { crewPair } from '../../crew/crew.fixtures.ts';
import { createTrip, day, loadCatalogue } from '../../trips/trips.fixtures.ts';
import { unsubscribeToken } from '../core/notification-mails.ts';

/** Notification settings in the profile, the trip mails and their one-click unsubscribe (issue 21). */
describe('notification settings and mails', () => {
  const { smtp, t } = useMailingTestApp({ APP_URL: 'https://trips.example.test' });
  const c = forBlock(() => loadCatalogue(t));

  const call = (user: TestUser, method: 'GET' | 'PATCH', path: string, payload?: object) =>
    apiCaller(t)(user, method, path, payload);
  const settingsOf = (user: TestUser) =>
    expectJson<NotificationSettings>(call(user, 'GET', '/users/notification-settings'));
  const notificationsOf = (user: TestUser) =>
    expectJson<Notification[]>(call(user, 'GET', '/users/notifications?limit=100'));
  const tripWith = (owner: TestUser, member: TestUser) =>
    createTrip(t, owner, { placeId: c.lisbon._id, startDate: day(5), endDate: day(7), members: [member.id] });

  it('[NOTIF-20] everything is on by default; a change names only what changes; bad changes are 400s', async () => {
    const ana = await createUser(t);
    expect(await settingsOf(ana)).toEqual({
      trips: { inApp: true, email: true },
      crew: { inApp: true },
      messages: { email: true },
    });
    const changed = await expectJson<NotificationSettings>(
      call(ana, 'PATCH', '/users/notification-settings', { trips: { email: false } }),
    );
    expect(changed).toEqual({
      trips: { inApp: true, email: false },
      crew: { inApp: true },
      messages: { email: true },
    });
    expect(await settingsOf(ana)).toEqual(changed);

    const empty = await call(ana, 'PATCH', '/users/notification-settings', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Nothing to change/);
    expect(
      (await call(ana, 'PATCH', '/users/notification-settings', { crew: { email: true } })).statusCode,
    ).toBe(400);
    expect(
      (await call(ana, 'PATCH', '/users/notification-settings', { trips: { inApp: 'no' } })).statusCode,
    ).toBe(400);
    const anonymous = await t.request({ method: 'GET', url: '/api/users/notification-settings' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('[NOTIF-21] being added to a trip is mailed with a link to the trip and a one-click unsubscribe that works', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const tripId = await tripWith(ana, bo);
    const mail = await smtp.waitForMail(bo.email, 'added you to');
    expect(mail.subject).toMatch(/^Ana Silva added you to /);
    expect(mail.text).toContain(`https://trips.example.test/trips/${tripId}`);
    const headers = mailHeaders(mail);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    const header = listUnsubscribeUrl(headers);
    expect(header).toMatch(/^https:\/\/trips\.example\.test\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.text).toContain('https://trips.example.test/unsubscribe?token=');

    // A mail client's one-click post: a form body, no cookies, no CSRF token.
    const oneClick = await postOneClick(t, header);
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ topic: 'trips' });
    expect((await settingsOf(bo)).trips.email).toBe(false);

    // No more trip mails for Bo; the in-app notification still comes.
    const [eve, fred] = await crewPair(t, ['Eve', 'Fred']);
    await tripWith(eve, fred);
    await smtp.waitForMail(fred.email, 'added you to');
    expect(smtp.mails.filter((m) => m.to.includes(bo.email))).toHaveLength(1);
    expect((await notificationsOf(bo)).map((n) => n.kind)).toContain('trip-added');
  });

  it('[NOTIF-22] with trips off in the app, being added to a trip leaves no notification (but still a mail)', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    await expectStatus(call(bo, 'PATCH', '/users/notification-settings', { trips: { inApp: false } }), 200);
    await tripWith(ana, bo);
    await smtp.waitForMail(bo.email, 'added you to');
    expect((await notificationsOf(bo)).filter((n) => n.kind === 'trip-added')).toEqual([]);
  });

  it('[NOTIF-23] a forged, malformed or foreign-secret unsubscribe token is a 400 and changes nothing', async () => {
    const ana = await createUser(t);
    const forged = unsubscribeToken('not-the-server-secret-at-all-000000', ana.id, 'trips');
    const tampered = unsubscribeToken(t.config.jwtSecret, ana.id, 'trips').replace('.trips.', '.messages.');
    for (const token of [forged, tampered, `${ana.id}.trips`, 'x'.repeat(30)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toMatch(/not valid|not complete/);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(
      400,
    );
    expect((await settingsOf(ana)).trips.email).toBe(true);
    // The genuine token, twice: harmless.
    const genuine = unsubscribeToken(t.config.jwtSecret, ana.id, 'messages');
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${genuine}`,
      });
      expect(res.json()).toEqual({ topic: 'messages' });
    }
    expect(await settingsOf(ana)).toEqual({
      trips: { inApp: true, email: true },
      crew: { inApp: true },
      messages: { email: false },
    });
  });

  it('[INVITE-10] an admin invites an address by mail: a one-use link that only the mail carries, and it joins the trip', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const tripId = await tripWith(ana, bo);
    const guest = await createUser(t, { name: 'Gil' });
    const invite = (user: TestUser, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/core/trips/${tripId}/invites/email`,
        token: user.accessToken,
        payload,
      });

    const sent = await invite(ana, { email: guest.email, role: 'viewer' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: guest.email, role: 'viewer', maxUses: 1, uses: 0 });
    expect(sent.body).not.toMatch(/token|\/invite\//);
    const mail = await smtp.waitForMail(guest.email, 'invites you to');
    expect(mail.subject).toMatch(/^Ana Silva invites you to /);
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(token).not.toBe('');
    const joined = await t.request({
      method: 'POST',
      url: `/api/core/invites/${token}/join`,
      token: guest.accessToken,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ tripId, role: 'viewer', alreadyMember: false });

    // Bad input, and people who may not invite.
    expect((await invite(ana, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await invite(ana, { email: guest.email, role: 'admin' })).statusCode).toBe(400);
    expect((await invite(ana, { email: guest.email, extra: 1 })).statusCode).toBe(400);
    expect((await invite(bo, { email: 'someone@example.test' })).statusCode).toBe(403);
    expect((await invite(guest, { email: 'someone@example.test' })).statusCode).toBe(403);
  });
});
