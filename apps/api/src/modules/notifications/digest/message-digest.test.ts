import type { Message } from '@tripcrew/contracts/chats';
import type { NotificationSettings } from '@tripcrew/contracts/notifications';
import { describe, expect, it, vi } from 'vitest';
import { apiCaller, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import {
  listUnsubscribeUrl,
  mailHeaders,
  postOneClick,
  useMailingTestApp,
} from '../../../../test/helpers/mailing-app.ts';
import { createTestApp, forBlock } from '../../../../test/helpers/test-app.ts';
import { crewPair } from '../../crew/crew.fixtures.ts';
import { createTrip, loadCatalogue } from '../../trips/trips.fixtures.ts';
import { createMessageDigest, DIGEST_LOCK, DIGEST_QUIET_MS } from './message-digest.service.ts';

/** The digest of unread messages by email (issue 21, NOTIF-30..). */
describe('unread-messages digest', () => {
  const { smtp, t } = useMailingTestApp({ APP_URL: 'https://trips.example.test' });
  const c = forBlock(() => loadCatalogue(t));

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
  ) => apiCaller(t)(user, method, path, payload);
  const direct = (from: TestUser, to: TestUser, text: string) =>
    expectJson<Message>(call(from, 'POST', `/users/messages/direct/${to.id}`, { text }), 201);
  const inTrip = (from: TestUser, tripId: string, text: string) =>
    expectJson<Message>(call(from, 'POST', `/core/trips/${tripId}/chat/messages`, { text }), 201);
  /** A run once the quiet time of the messages written so far has passed. */
  const runLater = () => t.app.messageDigest.runOnce(new Date(Date.now() + DIGEST_QUIET_MS + 60_000));
  /** The digests mailed to `user` (being added to a trip is mailed too). */
  const mailsTo = (user: TestUser) =>
    smtp.mails.filter((mail) => mail.to.includes(user.email) && /unread message/.test(mail.subject));

  it('[NOTIF-30] unread direct and trip messages are mailed once, in one digest per person, with the newest quoted and a link', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id] });
    await direct(ana, bo, 'Are you coming on Friday?');
    await inTrip(ana, tripId, 'I booked the train');
    await inTrip(ana, tripId, 'Seats 41 and 42');

    expect((await runLater()).ran).toBe(true);
    const mail = await smtp.waitForMail(bo.email, 'unread messages');
    expect(mail.subject).toBe('3 unread messages on Tripcrew');
    expect(mail.text).toContain('Hi Bo,');
    expect(mail.text).toContain('Ana Silva: 1 unread message');
    expect(mail.text).toMatch(/Lisbon[^\n]*\(trip chat\): 2 unread messages/);
    expect(mail.text).toContain('Ana Silva: “Seats 41 and 42”');
    expect(mail.text).toContain('Ana Silva: “Are you coming on Friday?”');
    expect(mail.text).toContain('https://trips.example.test/messages');
    // Ana wrote them all: nothing is unread for her.
    expect(mailsTo(ana)).toEqual([]);

    // A second run mails nothing again; a new message makes a new digest with only it.
    await runLater();
    expect(mailsTo(bo)).toHaveLength(1);
    const { chatId } = await direct(ana, bo, 'Friday 9:00 at the station');
    await runLater();
    const next = mailsTo(bo)[1];
    expect(next?.subject).toBe('1 unread message from Ana Silva');
    expect(next?.text).toContain(`https://trips.example.test/messages/${chatId}`);
    expect(next?.text).not.toContain('Seats 41 and 42');
  });

  it('[NOTIF-31] read, own, recent and pre-joining messages are not mailed', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const { chatId } = await direct(ana, bo, 'Read in the app');
    await expectStatus(call(bo, 'GET', `/users/messages/${chatId}`), 200);
    await direct(bo, ana, 'My own words');
    await runLater();
    expect(mailsTo(bo)).toEqual([]);

    // Within the quiet time the reader may still be on their way.
    await direct(ana, bo, 'Just now');
    expect((await t.app.messageDigest.runOnce(new Date())).ran).toBe(true);
    expect(mailsTo(bo)).toEqual([]);

    // Talk from before joining a trip is not unread for the newcomer.
    const [cy, dee] = await crewPair(t, ['Cy', 'Dee']);
    const tripId = await createTrip(t, cy, { placeId: c.lisbon._id, members: [] });
    await inTrip(cy, tripId, 'Before Dee joined');
    await expectStatus(call(cy, 'POST', `/core/trips/${tripId}/members`, { userId: dee.id }), 200);
    await runLater();
    expect(mailsTo(dee)).toEqual([]);
    await smtp.waitForMail(bo.email, '1 unread message from Ana Silva');
  });

  it('[NOTIF-32] with message emails off no digest is sent, and turning them on later does not send the old ones; the unsubscribe link works', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    await expectStatus(
      call(bo, 'PATCH', '/users/notification-settings', { messages: { email: false } }),
      200,
    );
    await direct(ana, bo, 'While you were not listening');
    expect((await runLater()).optedOut).toBeGreaterThanOrEqual(1);
    await expectStatus(call(bo, 'PATCH', '/users/notification-settings', { messages: { email: true } }), 200);
    await runLater();
    expect(mailsTo(bo)).toEqual([]);

    await direct(ana, bo, 'Now you hear me');
    await runLater();
    const mail = await smtp.waitForMail(bo.email, 'from Ana Silva');
    const oneClick = await postOneClick(t, listUnsubscribeUrl(mailHeaders(mail)));
    expect(oneClick.json()).toEqual({ topic: 'messages' });
    const settings = await expectJson<NotificationSettings>(call(bo, 'GET', '/users/notification-settings'));
    expect(settings.messages.email).toBe(false);
  });

  it('[NOTIF-33] two runs at once send each digest once', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    await direct(ana, bo, 'Only once, please');
    const later = new Date(Date.now() + DIGEST_QUIET_MS + 60_000);
    await Promise.all([t.app.messageDigest.runOnce(later), t.app.messageDigest.runOnce(later)]);
    await runLater();
    expect(mailsTo(bo)).toHaveLength(1);
  });

  it('[NOTIF-35] the timer runs the digest every MESSAGE_DIGEST_MINUTES and stops with the app; 0 means never', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const runs = vi.fn(async (_key: number, _fn: () => Promise<unknown>) => ({ ran: false as const }));
      const make = (intervalMinutes: number) =>
        createMessageDigest({
          db: t.database.db,
          lock: { tryExclusiveLock: runs },
          mail: {
            appUrl: 'https://trips.example.test',
            secret: t.config.jwtSecret,
            send: vi.fn(),
            log: console,
          },
          intervalMinutes,
        });
      const hourly = make(60);
      hourly.start();
      await vi.advanceTimersByTimeAsync(59 * 60_000);
      expect(runs).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toHaveBeenCalledTimes(1);
      expect(runs.mock.calls[0]?.[0]).toBe(DIGEST_LOCK);
      await hourly.stop();
      await vi.advanceTimersByTimeAsync(120 * 60_000);
      expect(runs).toHaveBeenCalledTimes(1);

      const never = make(0);
      never.start();
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
      expect(runs).toHaveBeenCalledTimes(1);
      await never.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  // Several instances share PostgreSQL: the lock lets one of them run each round. The embedded
  // engine is one process, so the case does not arise there.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    '[NOTIF-34] on one PostgreSQL database, an instance skips the round while another holds the digest lock; then one digest goes out',
    async () => {
      const other = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://trips.example.test' });
      try {
        const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
        await direct(ana, bo, 'From one of two instances');
        const later = new Date(Date.now() + DIGEST_QUIET_MS + 60_000);
        const held = await t.database.tryExclusiveLock(DIGEST_LOCK, () =>
          other.app.messageDigest.runOnce(later),
        );
        expect(held).toEqual({ ran: true, value: { ran: false, mailed: 0, optedOut: 0, failed: 0 } });
        expect(mailsTo(bo)).toEqual([]);

        await Promise.all([t.app.messageDigest.runOnce(later), other.app.messageDigest.runOnce(later)]);
        await smtp.waitForMail(bo.email, 'from Ana Silva');
        await runLater();
        expect(mailsTo(bo)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});
