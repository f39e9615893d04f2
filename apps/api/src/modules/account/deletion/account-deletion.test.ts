import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import { randomUUID } from 'node:crypto';
import type { AccountDeletionPlan } from '@tripcrew/contracts/account-deletion';
import type { Chat, MessagesPage, TripChatPage } from '@tripcrew/contracts/chats';
import type { Notification } from '@tripcrew/contracts/notifications';
import type { Trip } from '@tripcrew/contracts/trips';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, latestMail, type TestUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';
import { type Catalogue, createTrip, loadCatalogue, setRole } from '../../trips/trips.fixtures.ts';
import { enableTwoFactor } from '../../auth/two-factor/auth-two-factor.fixtures.ts';
import { userAccounts } from '../../users/index.ts';
import { publicTables, storedKeys, tracesOf, upload } from './account-deletion.fixtures.ts';

/** A write that succeeded (200 or 201, as each route answers). */
async function ok(response: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const res = await response;
  expect([200, 201], res.body).toContain(res.statusCode);
}

const stem = (url: string) => url.slice(url.lastIndexOf('/') + 1, url.lastIndexOf('.'));

describe('account deletion', () => {
  let t: TestApp;
  let c: Catalogue;
  // A generous set-up time: the app and its catalogue are built once for the file.
  beforeAll(async () => {
    t = await createTestApp();
    c = await loadCatalogue(t);
  }, 300_000);
  afterAll(() => t.close());

  /** A user with a name no other row carries, and two crew friends. */
  async function scene(): Promise<{ dee: TestUser; ana: TestUser; bo: TestUser }> {
    const tag = randomUUID().slice(0, 8);
    const dee = await createUser(t, { name: `Zephyrine${tag}`, lastName: `Quillfeather${tag}` });
    const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
    const bo = await createUser(t, { name: 'Bo', lastName: 'Berg' });
    await addCrewPair(t.database.db, dee.id, ana.id);
    await addCrewPair(t.database.db, dee.id, bo.id);
    await addCrewPair(t.database.db, ana.id, bo.id);
    return { dee, ana, bo };
  }

  it('[DELETE-01] removes everything of the user but the messages others keep, in the database and the storage; old tokens get 401', async () => {
    const { dee, ana, bo } = await scene();
    const carl = await createUser(t, { name: 'Carl', lastName: 'Stone' });
    const call = (
      who: TestUser,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      body?: object,
    ) => apiCall(t, who, method, url, body);

    // Trips: sole admin of one (handed to Ana), member of Ana's, co-admin of Bo's, plus a trip
    // alone (goes with the account) and a sole-admin trip the user deletes.
    const kept = await createTrip(t, dee, { placeId: c.lisbon._id, members: [ana.id, bo.id] });
    const anas = await createTrip(t, ana, { placeId: c.paris._id, members: [dee.id, bo.id] });
    const bos = await createTrip(t, bo, { placeId: c.lisbon._id, members: [dee.id] });
    await setRole(t, bo, bos, dee.id, 'admin');
    const alone = await createTrip(t, dee, { placeId: c.paris._id });
    const dropped = await createTrip(t, dee, { placeId: c.portugal._id, members: [ana.id] });

    // Their content: covers, packing, checklist, invite, calendar feed, chats, wishlist, a crew request.
    await upload(t, dee, `/api/core/trips/${kept}/upload`);
    const droppedCover = stem(
      ((await upload(t, dee, `/api/core/trips/${dropped}/upload`)) as Trip).image.original,
    );
    await ok(call(dee, 'POST', `/core/trips/${anas}/packing`, { text: 'Tent', assignedTo: dee.id }));
    await ok(call(dee, 'PUT', `/core/trips/${anas}/checklist`, { entries: ['Passport'] }));
    // Bookings: one Dee added, one of Ana's that Dee travels on.
    await ok(
      call(dee, 'POST', `/core/trips/${anas}/bookings`, {
        kind: 'train',
        travellers: [dee.id, ana.id],
        start: { local: '2031-03-01T09:00', zone: 'Europe/Paris' },
      }),
    );
    await ok(
      call(ana, 'POST', `/core/trips/${anas}/bookings`, {
        kind: 'flight',
        travellers: [dee.id],
        start: { local: '2031-03-02T07:40', place: { iata: 'CDG' } },
      }),
    );
    await ok(call(dee, 'POST', `/core/trips/${kept}/invites`, {}));
    await ok(call(dee, 'POST', `/core/trips/${kept}/calendar-feed`));
    await ok(call(dee, 'POST', `/users/messages/direct/${ana.id}`, { text: 'See you in Lisbon' }));
    await ok(call(ana, 'POST', `/users/messages/direct/${dee.id}`, { text: 'Bring the map' }));
    await ok(call(dee, 'POST', `/core/trips/${kept}/chat/messages`, { text: 'Tickets booked' }));
    await ok(call(dee, 'POST', `/core/trips/${anas}/chat/messages`, { text: 'Count me in' }));
    await ok(call(dee, 'POST', '/core/wishlist', { featureId: c.lisbonFeatures[0]?._id }));
    await ok(call(dee, 'POST', '/users/crew/crew-request', { userId: carl.id }));

    // The avatar, and a resized copy of it cached by the file route.
    const avatar = (await upload(t, dee, '/api/assets/upload/avatar')) as {
      original: string;
      thumbnail: string;
    };
    await expectStatus(t.request({ method: 'GET', url: `${avatar.thumbnail}?w=64` }), 200);
    const deeFiles = [stem(avatar.original), stem(avatar.thumbnail), droppedCover];
    expect(storedKeys(t).filter((key) => deeFiles.some((f) => key.includes(f))).length).toBeGreaterThan(3);

    const plan = await expectJson<AccountDeletionPlan>(call(dee, 'GET', '/account/deletion'));
    expect(plan.hasPassword).toBe(true);
    expect(plan.trips.map((trip) => trip.tripId).sort()).toEqual([kept, alone, dropped].sort());
    expect(plan.trips.find((trip) => trip.tripId === alone)?.members).toEqual([]);
    expect(
      plan.trips
        .find((trip) => trip.tripId === kept)
        ?.members.map((m) => m._id)
        .sort(),
    ).toEqual([ana.id, bo.id].sort());

    const words = [dee.email, dee.name, dee.lastName];
    expect((await tracesOf(t, dee.id, words)).length).toBeGreaterThan(10);

    await expectJson(
      call(dee, 'POST', '/account/delete', {
        password: dee.password,
        trips: [
          { tripId: kept, action: 'hand-over', toUserId: ana.id },
          { tripId: dropped, action: 'delete' },
        ],
      }),
    );

    // EVERY table of the schema: neither the id nor the email nor the name is left anywhere.
    expect((await publicTables(t)).length).toBeGreaterThan(20);
    expect(await tracesOf(t, dee.id, words)).toEqual([]);

    // Storage: the avatar, its resized copies and the deleted trip's cover are gone.
    expect(storedKeys(t).filter((key) => deeFiles.some((f) => key.includes(f)))).toEqual([]);

    // Old tokens: 401 on every kind of call, never 500; the refresh token is dead too.
    for (const [method, url] of [
      ['GET', '/users/users/me'],
      ['GET', '/users/chats'],
      ['GET', '/core/trips'],
      ['GET', '/account/deletion'],
      ['POST', '/core/wishlist'],
    ] as const) {
      const res = await call(
        dee,
        method,
        url,
        method === 'POST' ? { featureId: c.lisbonFeatures[0]?._id } : undefined,
      );
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
    }
    const refresh = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: dee.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: dee.email, password: dee.password },
    });
    expect(login.statusCode).toBe(401);

    // What stays for the others: the handed-over trip (Ana its admin), the shared trips,
    // the messages under "Deleted user".
    const trip = await expectJson<Trip>(call(ana, 'GET', `/core/trips/${kept}`));
    expect(trip.users.map((u) => [u._id, u.role]).sort()).toEqual(
      [
        [ana.id, 'admin'],
        [bo.id, 'member'],
      ].sort(),
    );
    await expectStatus(call(ana, 'GET', `/core/trips/${anas}`), 200);
    // The bookings stay the trip's; Dee travels on none of them any more.
    const bookings = await expectJson<TripBooking[]>(call(ana, 'GET', `/core/trips/${anas}/bookings`));
    expect(bookings.map((b) => [b.kind, b.travellers, b.createdBy])).toEqual([
      ['train', [ana.id.toLowerCase()], null],
      ['flight', [], ana.id],
    ]);
    await expectStatus(call(bo, 'GET', `/core/trips/${bos}`), 200);
    await expectStatus(call(ana, 'GET', `/core/trips/${dropped}`), 404);
    const chat = await expectJson<TripChatPage>(call(bo, 'GET', `/core/trips/${kept}/chat`));
    expect(chat.data.map((m) => [m.text, m.senderId, m.senderName])).toEqual([
      ['Tickets booked', null, 'Deleted user'],
    ]);
    const chats = await expectJson<Chat[]>(call(ana, 'GET', '/users/chats'));
    const direct = chats.find((item) => item.kind === 'direct');
    expect(direct?.user).toMatchObject({ name: 'Deleted user', deleted: true, image: null });
    expect(direct?.canWrite).toBe(false);
    const page = await expectJson<MessagesPage>(call(ana, 'GET', `/users/messages/${direct?._id}`));
    expect(page.data.map((m) => [m.text, m.senderId])).toEqual([
      ['See you in Lisbon', null],
      ['Bring the map', ana.id],
    ]);
    // The others are told, without the deleted user's id or name.
    const notes = await expectJson<Notification[]>(call(ana, 'GET', '/users/notifications'));
    expect(notes.map((n) => n.short).sort()).toEqual([
      'Deleted user deleted Portugal',
      `Deleted user made you an admin of ${trip.tripName}`,
    ]);

    const mail = await latestMail(t, dee.email, 'was deleted');
    expect(mail.subject).toBe('Your Tripcrew account was deleted');
  });

  it('[DELETE-02] a wrong or missing password deletes nothing and names the password', async () => {
    const { dee } = await scene();
    const wrong = await apiCall(t, dee, 'POST', '/account/delete', { password: 'not-my-password' });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    const missing = await apiCall(t, dee, 'POST', '/account/delete', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    await expectStatus(apiCall(t, dee, 'GET', '/users/users/me'), 200);
  });

  it('[DELETE-09] with two-factor sign-in on, the code is asked for too; the data export archives go with the account', async () => {
    const { dee } = await scene();
    const { recoveryCodes } = await enableTwoFactor(t, dee);
    const plan = await expectJson<AccountDeletionPlan>(apiCall(t, dee, 'GET', '/account/deletion'));
    expect(plan.twoFactor).toBe(true);
    // A data export, prepared and kept in the storage.
    const before = new Set(storedKeys(t));
    const started = await apiCall(t, dee, 'POST', '/account/exports');
    expect(started.statusCode, started.body).toBe(201);
    const exportId = (started.json() as { id: string }).id;
    await vi.waitFor(
      async () => {
        const job = await expectJson<{ status: string }>(
          apiCall(t, dee, 'GET', `/account/exports/${exportId}`),
        );
        expect(job.status).toBe('ready');
      },
      { timeout: 30_000, interval: 50 },
    );
    const archives = storedKeys(t).filter((key) => key.startsWith('exports/') && !before.has(key));
    expect(archives).toHaveLength(1);

    const without = await apiCall(t, dee, 'POST', '/account/delete', { password: dee.password });
    expect(without.statusCode, without.body).toBe(400);
    expect(without.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });
    const wrong = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      code: '000000',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG' });
    await expectStatus(apiCall(t, dee, 'GET', '/users/users/me'), 200);

    const done = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      code: recoveryCodes[0],
    });
    expect(done.statusCode, done.body).toBe(200);
    await expectStatus(apiCall(t, dee, 'GET', '/users/users/me'), 401);
    expect(storedKeys(t)).not.toContain(archives[0]);
  });

  it('[DELETE-03] a trip the user alone administers needs a valid choice: a missing one or a hand-over to a non-member is a 400 naming the trip', async () => {
    const { dee, ana, bo } = await scene();
    const tripId = await createTrip(t, dee, { placeId: c.lisbon._id, members: [ana.id] });
    const trip = await expectJson<Trip>(apiCall(t, dee, 'GET', `/core/trips/${tripId}`));
    const none = await apiCall(t, dee, 'POST', '/account/delete', { password: dee.password });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'TRIP_CHOICE_MISSING' });
    expect((none.json() as { message: string }).message).toContain(trip.tripName);
    const stranger = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      trips: [{ tripId, action: 'hand-over', toUserId: bo.id }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'TRIP_CHOICE_INVALID' });
    const self = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      trips: [{ tripId, action: 'hand-over', toUserId: dee.id }],
    });
    expect(self.statusCode).toBe(400);
    const nobody = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      trips: [{ tripId, action: 'hand-over' }],
    });
    expect(nobody.json()).toMatchObject({ code: 'TRIP_CHOICE_INVALID' });
    const badShape = await apiCall(t, dee, 'POST', '/account/delete', {
      password: dee.password,
      trips: [{ tripId, action: 'give-away' }],
    });
    expect(badShape.statusCode).toBe(400);
    await expectStatus(apiCall(t, dee, 'GET', '/users/users/me'), 200);
    // A hand-over to a viewer is allowed (the trips' own hand-over rule).
    await setRole(t, dee, tripId, ana.id, 'viewer');
    await expectJson(
      apiCall(t, dee, 'POST', '/account/delete', {
        password: dee.password,
        trips: [{ tripId, action: 'hand-over', toUserId: ana.id }],
      }),
    );
    const after = await expectJson<Trip>(apiCall(t, ana, 'GET', `/core/trips/${tripId}`));
    expect(after.users.map((u) => [u._id, u.role])).toEqual([[ana.id, 'admin']]);
  });

  it('[DELETE-04] an account without a password confirms with its email after a recent sign-in', async () => {
    const { dee } = await scene();
    await userAccounts.update(t.database.db, dee.id, { passwordHash: null });
    const plan = await expectJson<AccountDeletionPlan>(apiCall(t, dee, 'GET', '/account/deletion'));
    expect(plan.hasPassword).toBe(false);
    const wrong = await apiCall(t, dee, 'POST', '/account/delete', { confirmEmail: 'someone@else.test' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRMATION_WRONG', field: 'confirmEmail' });
    await expectJson(apiCall(t, dee, 'POST', '/account/delete', { confirmEmail: dee.email.toUpperCase() }));
    await expectStatus(apiCall(t, dee, 'GET', '/users/users/me'), 401);
  });

  it('[DELETE-05] when both people of a direct chat delete their accounts, the chat goes too', async () => {
    const { dee, ana } = await scene();
    await expectStatus(apiCall(t, dee, 'POST', `/users/messages/direct/${ana.id}`, { text: 'Hello' }), 201);
    await expectJson(apiCall(t, dee, 'POST', '/account/delete', { password: dee.password }));
    const [chat] = await expectJson<Chat[]>(apiCall(t, ana, 'GET', '/users/chats'));
    expect(chat?.user?.deleted).toBe(true);
    await expectJson(apiCall(t, ana, 'POST', '/account/delete', { password: ana.password }));
    expect(await tracesOf(t, ana.id, [ana.email])).toEqual([]);
    const left = await t.database.db.execute(
      (await import('drizzle-orm')).sql`select count(*)::int as n from chats where id = ${chat?._id}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });
});
