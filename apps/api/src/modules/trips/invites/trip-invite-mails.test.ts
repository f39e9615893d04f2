import { describe, expect, it } from 'vitest';
import {
  createUser,
  insertUser,
  latestMail,
  signIn,
  uniqueEmail,
  type TestUser,
} from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import {
  INVITE_MAILS_PER_RECIPIENT_PER_HOUR,
  INVITE_MAILS_PER_SENDER_PER_HOUR,
} from './invite-mail-limits.ts';
import { createTrip, day, useCatalogue } from '../trips.fixtures.ts';

/**
 * Invitations by mail: capped per recipient and per sender per hour, blocked by the recipient
 * with the mail's one-click link, and usable only by a confirmed account of the invited address.
 */
describe('invitations by mail', () => {
  const t = useTestApp();
  const catalogue = useCatalogue(t);

  async function adminWithTrip(): Promise<{ admin: TestUser; tripId: string }> {
    const admin = await createUser(t, { name: 'Ada' });
    const tripId = await createTrip(t, admin, {
      placeId: catalogue.lisbon._id,
      startDate: day(1),
      endDate: day(2),
    });
    return { admin, tripId };
  }
  const invite = (admin: TestUser, tripId: string, email: string) =>
    t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/invites/email`,
      token: admin.accessToken,
      payload: { email },
    });
  const tokenOf = (text: string) => /\/invite\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
  const blockPageOf = (text: string) => /\/invites\/block\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
  const oneClickUrlOf = (header: string | undefined) =>
    /^<https?:\/\/[^/]+(\/api\/core\/invites\/block\?token=[A-Za-z0-9_-]{43})>$/.exec(header ?? '')?.[1] ??
    '';
  const join = (user: TestUser, token: string) =>
    t.request({ method: 'POST', url: `/api/core/invites/${token}/join`, token: user.accessToken });

  it('one address gets at most the hourly number of invitations, whoever sends them', async () => {
    const email = uniqueEmail('stranger');
    const first = await adminWithTrip();
    for (let i = 0; i < INVITE_MAILS_PER_RECIPIENT_PER_HOUR; i += 1) {
      const sent = await invite(first.admin, first.tripId, email);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const again = await invite(first.admin, first.tripId, email);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'INVITE_MAIL_LIMIT', field: 'email' });
    const second = await adminWithTrip();
    expect((await invite(second.admin, second.tripId, email)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await invite(second.admin, second.tripId, uniqueEmail('friend'))).statusCode).toBe(200);
  });

  it('one person sends at most the hourly number of invitations by mail', async () => {
    const { admin, tripId } = await adminWithTrip();
    for (let i = 0; i < INVITE_MAILS_PER_SENDER_PER_HOUR; i += 1) {
      const sent = await invite(admin, tripId, uniqueEmail(`bulk${i}`));
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const again = await invite(admin, tripId, uniqueEmail('one-more'));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'INVITE_MAIL_LIMIT' });
  });

  it('the mail links to the block page of the web app; its one-click header posts to the API', async () => {
    const { admin, tripId } = await adminWithTrip();
    const email = uniqueEmail('blocker');
    expect((await invite(admin, tripId, email)).statusCode).toBe(200);
    const mail = await latestMail(t, email, 'invites you to');
    // People open a page that explains blocking and asks before it happens (a link opened by a
    // mail scanner blocks nothing); the page's button posts the same token.
    const token = blockPageOf(mail.text);
    expect(token).not.toBe('');
    expect(mail.text).not.toContain('/api/core/invites/block');
    expect(mail.html).toContain(`/invites/block?token=${token}`);
    expect(mail.html).not.toContain('/api/core/invites/block');
    const link = oneClickUrlOf(mail.headers?.['List-Unsubscribe']);
    expect(link).toBe(`/api/core/invites/block?token=${token}`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A mail client's one-click post: a form body, no cookies, no CSRF token.
    const blocked = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const refused = await invite(admin, tripId, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVITES_BLOCKED', field: 'email' });
    // Repeating it is harmless.
    expect((await t.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/core/invites/block?token=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('opening the block address (a mail scanner, a prefetch, an older mail) blocks nothing: it leads to the page', async () => {
    const { admin, tripId } = await adminWithTrip();
    const email = uniqueEmail('scanned');
    expect((await invite(admin, tripId, email)).statusCode).toBe(200);
    const link = oneClickUrlOf((await latestMail(t, email, 'invites you to')).headers?.['List-Unsubscribe']);
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
    const opened = await t.request({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/invites/block?token=${encodeURIComponent(token)}`);
    expect((await invite(admin, tripId, email)).statusCode).toBe(200);
  });

  it('an invitation by mail is usable only by a confirmed account of that address', async () => {
    const { admin, tripId } = await adminWithTrip();
    const email = uniqueEmail('invitee');
    expect((await invite(admin, tripId, email)).statusCode).toBe(200);
    const token = tokenOf((await latestMail(t, email, 'invites you to')).text);
    expect(token).not.toBe('');

    const stranger = await createUser(t, { name: 'Eve' });
    const stolen = await join(stranger, token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ code: 'INVITE_FOR_ANOTHER_ADDRESS' });
    const peek = await t.request({
      method: 'GET',
      url: `/api/core/invites/${token}`,
      token: stranger.accessToken,
    });
    expect(peek.statusCode).toBe(403);

    const invitee = await insertUser(t, { email, name: 'Ivo' });
    const session = await signIn(t, invitee.email, invitee.password);
    const joined = await join({ ...invitee, ...session }, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ tripId, alreadyMember: false });
  });
});
