import { randomUUID } from 'node:crypto';
import type { CrewRequestResult } from '@tripcrew/contracts/crew';
import type { Notification } from '@tripcrew/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apiCaller, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { crewPair as makeCrewPair } from '../../crew/crew.fixtures.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';
import { createTrip, day, useCatalogue } from '../../trips/trips.fixtures.ts';
import { notifications } from './notifications.table.ts';

describe('notifications', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  const call = apiCaller(t);
  const list = (user: TestUser, query = '') => call(user, 'GET', `/users/notifications${query}`);

  const notificationsOf = (user: TestUser) => expectJson<Notification[]>(list(user, '?limit=100'));

  const patch = (user: TestUser, id: string, payload: object = { seen: true }) =>
    call(user, 'PATCH', `/users/notifications/${id}`, payload);

  const message = (from: TestUser, to: TestUser, text: string) =>
    call(from, 'POST', `/users/messages/direct/${to.id}`, { text });

  const crewPair = () => makeCrewPair(t);

  /** A user with `count` crew-request notifications, oldest first. */
  async function userWithNotifications(count: number): Promise<{ user: TestUser; senders: TestUser[] }> {
    const user = await createUser(t, { name: 'Popular' });
    const senders: TestUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const sender = await createUser(t, { name: `Sender${i}`, lastName: 'Test' });
      await expectStatus(call(sender, 'POST', '/users/crew/crew-request', { userId: user.id }), 201);
      senders.push(sender);
    }
    return { user, senders };
  }

  describe('GET /users/notifications', () => {
    it('[NOTIF-05] lists the caller’s notifications newest first with _id, title, short, message, seen and ref; counts in headers', async () => {
      const { user, senders } = await userWithNotifications(3);
      const res = await list(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers['x-unseen-count']).toBe('3');
      const items = res.json() as Notification[];
      expect(items.map((n) => n.ref.userId)).toEqual([senders[2]!.id, senders[1]!.id, senders[0]!.id]);
      expect(items[0]).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        kind: 'crew-request',
        title: 'New crew request',
        short: 'Sender2 Test wants to join your crew',
        message: expect.stringContaining('Sender2 Test') as string,
        seen: false,
        ref: { userId: senders[2]!.id },
        createdAt: expect.any(String) as string,
      });
      const times = items.map((n) => Date.parse(n.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('[NOTIF-05] is paginated with skip and limit; the headers count them all', async () => {
      const { user } = await userWithNotifications(3);
      const all = await notificationsOf(user);
      const first = await list(user, '?limit=2');
      expect((first.json() as Notification[]).map((n) => n._id)).toEqual(all.slice(0, 2).map((n) => n._id));
      expect(first.headers['x-total-count']).toBe('3');
      const second = await list(user, '?skip=2&limit=2');
      expect((second.json() as Notification[]).map((n) => n._id)).toEqual([all[2]!._id]);
      const beyond = await list(user, '?skip=10');
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('3');
    });

    it('[NOTIF-05] a user without notifications gets an empty list; only their own are listed', async () => {
      const loner = await createUser(t);
      await userWithNotifications(1);
      const res = await list(loner);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
      expect(res.headers['x-unseen-count']).toBe('0');
    });

    it('[NOTIF-05] bad skip or limit answers 400; signed out answers 401', async () => {
      const user = await createUser(t);
      for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?skip=abc', '?page=1']) {
        const res = await list(user, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      }
      expect((await t.request({ method: 'GET', url: '/api/users/notifications' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /users/notifications/{id}', () => {
    it('[NOTIF-05] {seen:true} answers the updated notification and lowers X-Unseen-Count; again is harmless', async () => {
      const { user } = await userWithNotifications(2);
      const [newest] = await notificationsOf(user);
      const res = await patch(user, newest!._id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...newest, seen: true });
      const again = await patch(user, newest!._id);
      expect(again.statusCode).toBe(200);
      const after = await list(user);
      expect(after.headers['x-unseen-count']).toBe('1');
      expect(after.headers['x-total-count']).toBe('2');
    });

    it('[NOTIF-06] another user’s notification answers 404 and stays unseen', async () => {
      const { user } = await userWithNotifications(1);
      const intruder = await createUser(t);
      const [target] = await notificationsOf(user);
      const res = await patch(intruder, target!._id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This notification does not exist.' });
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, target!._id));
      expect(row?.seen).toBe(false);
      // Same answer as for an id that does not exist, or one that is malformed.
      expect((await patch(intruder, randomUUID())).json()).toEqual(res.json());
      expect((await patch(intruder, 'not-an-id')).statusCode).toBe(404);
    });

    it('[NOTIF-06] a body other than {seen:true} answers 400 and changes nothing; signed out 401', async () => {
      const { user } = await userWithNotifications(1);
      const [target] = await notificationsOf(user);
      for (const payload of [{ seen: false }, {}, { seen: 'yes' }, { seen: true, title: 'x' }]) {
        const res = await patch(user, target!._id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const anonymous = await call(null, 'PATCH', `/users/notifications/${target!._id}`, { seen: true });
      expect(anonymous.statusCode).toBe(401);
      expect((await notificationsOf(user))[0]).toEqual(target);
    });
  });

  describe('created by events', () => {
    it('[NOTIF-07] a crew request notifies the receiver; accepting it notifies the requester', async () => {
      const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
      const bo = await createUser(t, { name: 'Bo', lastName: 'Berg' });
      const asked = await expectStatus(call(ana, 'POST', '/users/crew/crew-request', { userId: bo.id }), 201);
      const [request] = await notificationsOf(bo);
      expect(request).toMatchObject({
        kind: 'crew-request',
        title: 'New crew request',
        short: 'Ana Silva wants to join your crew',
        seen: false,
        ref: { userId: ana.id },
      });
      expect(await notificationsOf(ana)).toEqual([]);

      const requestId = (asked.json() as CrewRequestResult).request!._id;
      await expectStatus(call(bo, 'POST', `/users/crew/approve-request/${requestId}`), 200);
      const [accepted] = await notificationsOf(ana);
      expect(accepted).toMatchObject({
        kind: 'crew-accepted',
        title: 'Crew request accepted',
        short: 'Bo Berg accepted your crew request',
        ref: { userId: bo.id },
      });
      expect(await notificationsOf(bo)).toHaveLength(1);
    });

    it('[NOTIF-07] being added to a trip (on creation or later) notifies the added member, not the admin', async () => {
      const [ana, bo] = await crewPair();
      const cy = await createUser(t, { name: 'Cy', lastName: 'Chen' });
      await addCrewPair(t.database.db, ana.id, cy.id);
      const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id] });
      const [added] = await notificationsOf(bo);
      expect(added).toMatchObject({
        kind: 'trip-added',
        title: 'Added to a trip',
        short: 'Ana Silva added you to Lisbon, Portugal',
        ref: { tripId, userId: ana.id },
      });

      await expectStatus(
        call(ana, 'POST', `/core/trips/${tripId}/members`, { userId: cy.id, role: 'member' }),
        200,
      );
      expect((await notificationsOf(cy)).map((n) => [n.kind, n.ref.tripId])).toEqual([
        ['trip-added', tripId],
      ]);
      expect(await notificationsOf(ana)).toEqual([]);
      // Bo heard only of his own addition.
      expect(await notificationsOf(bo)).toHaveLength(1);
    });

    it('[NOTIF-07] another member changing the dates notifies every other member; other edits do not', async () => {
      const [ana, bo] = await crewPair();
      const cy = await createUser(t, { name: 'Cy' });
      await addCrewPair(t.database.db, ana.id, cy.id);
      const tripId = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(10),
        endDate: day(12),
        members: [bo.id, cy.id],
      });
      const before = { bo: (await notificationsOf(bo)).length, cy: (await notificationsOf(cy)).length };

      const rename = { tripName: 'Lisbon with friends', transportMode: 'public' };
      await expectStatus(call(ana, 'PATCH', `/core/trips/update/${tripId}`, rename), 200);
      expect(await notificationsOf(bo)).toHaveLength(before.bo);

      // Bo (a member) moves the dates: Ana and Cy are told, Bo is not.
      const moved = { startDate: day(20), endDate: day(23) };
      await expectStatus(call(bo, 'PATCH', `/core/trips/update/${tripId}`, moved), 200);
      for (const member of [ana, cy]) {
        const [dates] = await notificationsOf(member);
        expect(dates).toMatchObject({
          kind: 'trip-dates-changed',
          title: 'Trip dates changed',
          short: 'Bo Berg changed the dates of Lisbon with friends',
          ref: { tripId, userId: bo.id },
        });
        expect(dates?.message).toContain('now runs from');
      }
      expect(await notificationsOf(bo)).toHaveLength(before.bo);
    });

    it('[NOTIF-07] deleting a trip notifies the other members with its name', async () => {
      const [ana, bo] = await crewPair();
      const tripId = await createTrip(t, ana, { placeId: c.paris._id, members: [bo.id] });
      await expectStatus(call(ana, 'DELETE', `/core/trips/${tripId}`), 200);
      const [deleted] = await notificationsOf(bo);
      expect(deleted).toMatchObject({
        kind: 'trip-deleted',
        title: 'Trip deleted',
        short: 'Ana Silva deleted Paris, France',
        ref: { tripId, userId: ana.id },
      });
      expect(await notificationsOf(ana)).toEqual([]);
    });

    it('[NOTIF-36] a role change, a hand-over and a removal by an admin notify the member concerned; leaving tells no member', async () => {
      const [ana, bo] = await crewPair();
      const cy = await createUser(t, { name: 'Cy', lastName: 'Dias' });
      await addCrewPair(t.database.db, ana.id, cy.id);
      const tripId = await createTrip(t, ana, { placeId: c.paris._id, members: [bo.id, cy.id] });
      const newest = async (user: TestUser) => (await notificationsOf(user))[0];

      await expectStatus(
        call(ana, 'PATCH', `/core/trips/${tripId}/members/${bo.id}`, { role: 'viewer' }),
        200,
      );
      expect(await newest(bo)).toMatchObject({
        kind: 'trip-role-changed',
        title: 'Your role in a trip',
        short: 'Ana Silva made you a viewer of Paris, France',
        ref: { tripId, userId: ana.id },
      });
      expect((await newest(bo))?.message).toMatch(/read the trip and its chat/);
      // The same role again changes nothing and tells nobody.
      const count = (await notificationsOf(bo)).length;
      await expectStatus(
        call(ana, 'PATCH', `/core/trips/${tripId}/members/${bo.id}`, { role: 'viewer' }),
        200,
      );
      expect(await notificationsOf(bo)).toHaveLength(count);

      await expectStatus(call(ana, 'POST', `/core/trips/${tripId}/members/${cy.id}/hand-over`), 200);
      expect(await newest(cy)).toMatchObject({
        kind: 'trip-role-changed',
        short: 'Ana Silva made you an admin of Paris, France',
      });

      await expectStatus(call(cy, 'DELETE', `/core/trips/${tripId}/members/${bo.id}`), 200);
      expect(await newest(bo)).toMatchObject({
        kind: 'trip-removed',
        title: 'Removed from a trip',
        short: 'Cy Dias removed you from Paris, France',
        ref: { userId: cy.id },
      });
      const anaBefore = (await notificationsOf(ana)).length;
      await expectStatus(call(ana, 'DELETE', `/core/trips/${tripId}/members/${ana.id}`), 200);
      expect(await notificationsOf(ana)).toHaveLength(anaBefore);
      // The admin hears of it (NOTIF-37), as a change to the trip's people, not as a removal.
      expect(await newest(cy)).toMatchObject({ kind: 'trip-members', short: 'Ana Silva left Paris, France' });
    });

    it('[NOTIF-37] someone joining through a link, leaving or being removed notifies the admins, but not who did it', async () => {
      const [ana, bo] = await crewPair();
      const cy = await createUser(t, { name: 'Cy', lastName: 'Dias' });
      const dan = await createUser(t, { name: 'Dan', lastName: 'Lee' });
      const eve = await createUser(t, { name: 'Eve', lastName: 'Moss' });
      const tripId = await createTrip(t, ana, { placeId: c.paris._id, members: [bo.id] });
      await expectStatus(
        call(ana, 'PATCH', `/core/trips/${tripId}/members/${bo.id}`, { role: 'admin' }),
        200,
      );
      const link = await expectJson<{ token: string }>(
        call(ana, 'POST', `/core/trips/${tripId}/invites`, { role: 'member' }),
      );
      const aboutPeople = async (user: TestUser) =>
        (await notificationsOf(user)).filter((n) => n.kind === 'trip-members').map((n) => n.short);

      // Dan and Cy join through Ana's link: both admins hear of each; the members do not.
      await expectStatus(call(dan, 'POST', `/core/invites/${link.token}/join`), 200);
      await expectStatus(call(cy, 'POST', `/core/invites/${link.token}/join`), 200);
      expect(await aboutPeople(ana)).toEqual([
        'Cy Dias joined Paris, France',
        'Dan Lee joined Paris, France',
      ]);
      expect(await aboutPeople(bo)).toEqual(['Cy Dias joined Paris, France', 'Dan Lee joined Paris, France']);
      expect(await aboutPeople(dan)).toEqual([]);
      const joined = (await notificationsOf(ana)).find((n) => n.kind === 'trip-members');
      expect(joined).toMatchObject({ title: 'Someone joined your trip', ref: { tripId, userId: cy.id } });
      expect(joined?.message).toMatch(/through an invitation link/);
      // Joining again changes nothing and tells nobody.
      await expectStatus(call(dan, 'POST', `/core/invites/${link.token}/join`), 200);
      expect(await aboutPeople(ana)).toHaveLength(2);

      // Bo removes Dan: Ana hears of it, Bo (who did it) does not; Dan gets his own notice.
      await expectStatus(call(bo, 'DELETE', `/core/trips/${tripId}/members/${dan.id}`), 200);
      expect((await aboutPeople(ana))[0]).toBe('Bo Berg removed Dan Lee from Paris, France');
      expect(await aboutPeople(bo)).toHaveLength(2);
      expect((await notificationsOf(dan))[0]).toMatchObject({ kind: 'trip-removed' });

      // Cy leaves: both admins hear of it. Bo, an admin, leaves: Ana hears of it.
      await expectStatus(call(cy, 'DELETE', `/core/trips/${tripId}/members/${cy.id}`), 200);
      expect((await aboutPeople(ana))[0]).toBe('Cy Dias left Paris, France');
      expect((await aboutPeople(bo))[0]).toBe('Cy Dias left Paris, France');
      await expectStatus(call(bo, 'DELETE', `/core/trips/${tripId}/members/${bo.id}`), 200);
      expect((await aboutPeople(ana))[0]).toBe('Bo Berg left Paris, France');
      expect(await aboutPeople(eve)).toEqual([]);

      // An admin who turned trip notifications off in the app is not told.
      await expectStatus(
        call(ana, 'PATCH', '/users/notification-settings', { trips: { inApp: false } }),
        200,
      );
      const before = (await aboutPeople(ana)).length;
      const link2 = await expectJson<{ token: string }>(
        call(ana, 'POST', `/core/trips/${tripId}/invites`, { role: 'member' }),
      );
      await expectStatus(call(eve, 'POST', `/core/invites/${link2.token}/join`), 200);
      expect(await aboutPeople(ana)).toHaveLength(before);
    });

    it('[NOTIF-08] direct messages make one unseen notification per chat, refreshed rather than duplicated', async () => {
      const [ana, bo] = await crewPair();
      expect((await message(ana, bo, 'First message')).statusCode).toBe(201);
      const [first] = await notificationsOf(bo);
      expect(first).toMatchObject({
        kind: 'message',
        title: 'New message from Ana Silva',
        short: 'Ana Silva: First message',
        seen: false,
        ref: { userId: ana.id },
      });
      // The clock has moved past the first notification, so the refresh can be told apart.
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(first!.createdAt)));
      expect((await message(ana, bo, 'Second message')).statusCode).toBe(201);
      expect((await message(ana, bo, 'Third message')).statusCode).toBe(201);
      const refreshed = await notificationsOf(bo);
      expect(refreshed).toHaveLength(1);
      expect(refreshed[0]).toMatchObject({ _id: first!._id, short: 'Ana Silva: Third message', seen: false });
      expect(Date.parse(refreshed[0]!.createdAt)).toBeGreaterThan(Date.parse(first!.createdAt));
      // The sender gets no notification for their own messages.
      expect(await notificationsOf(ana)).toEqual([]);

      // Once seen, the next message makes a new unseen one; the seen one stays as it was.
      expect((await patch(bo, first!._id)).statusCode).toBe(200);
      expect((await message(ana, bo, 'Fourth message')).statusCode).toBe(201);
      const afterSeen = await notificationsOf(bo);
      expect(afterSeen.map((n) => [n.short, n.seen])).toEqual([
        ['Ana Silva: Fourth message', false],
        ['Ana Silva: Third message', true],
      ]);
    });

    it('[NOTIF-08] concurrent messages still leave one unseen notification; another chat has its own', async () => {
      const [ana, bo] = await crewPair();
      const cy = await createUser(t, { name: 'Cy', lastName: 'Chen' });
      await addCrewPair(t.database.db, cy.id, bo.id);
      const sent = await Promise.all([1, 2, 3, 4].map((i) => message(ana, bo, `burst ${i}`)));
      expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect((await message(cy, bo, 'from Cy')).statusCode).toBe(201);
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, bo.id), eq(notifications.seen, false)));
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.refUserId))).toEqual(new Set([ana.id, cy.id]));
      // A long message is shortened in the notification, never rejected.
      expect((await message(cy, bo, `${'long '.repeat(200)}end`)).statusCode).toBe(201);
      const [fromCy] = await notificationsOf(bo);
      expect(fromCy?.short.length).toBeLessThanOrEqual('Cy Chen: '.length + 80);
      expect(fromCy?.short.endsWith('…')).toBe(true);
    });
  });
});
