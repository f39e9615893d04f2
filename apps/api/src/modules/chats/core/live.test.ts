import { randomBytes, randomUUID } from 'node:crypto';
import {
  LIVE_CLOSE_REASON_TOKEN_EXPIRED,
  LIVE_CLOSE_UNAUTHORIZED,
  type LiveServerFrame,
} from '@tripcrew/contracts/live';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { openTestDatabase } from '../../../../test/helpers/test-database.ts';
import type { Database } from '../../../db/client.ts';
import { createTrip, day, loadCatalogue } from '../../trips/trips.fixtures.ts';
import {
  BUILDS_APPS_TIMEOUT_MS,
  connectLive,
  crewPair,
  expectNoFrame,
  expectRefused,
  expiredToken,
  isMessage,
  isType,
  liveUrl,
  openLive,
  openWithToken,
  post,
  type Frame,
  type LiveClient,
  useLiveApp,
} from './live.fixtures.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('live socket /api/users/ws', () => {
  const { t, live, track } = useLiveApp();

  describe('authentication', () => {
    it('[MSG-11] a plain GET without the upgrade answers 426 with a JSON message', async () => {
      const res = await t.request({ method: 'GET', url: '/api/users/ws' });
      expect(res.statusCode).toBe(426);
      expect(res.json()).toMatchObject({
        code: 'UPGRADE_REQUIRED',
        message: expect.stringContaining('WebSocket'),
      });
    });

    it('[MSG-11] a valid access token in the first frame answers ready with the user id; ping answers pong', async () => {
      const ana = await createUser(t);
      const client = track(await openWithToken(live.url, ana.accessToken));
      expect(await client.next(isType('ready'))).toEqual({ type: 'ready', userId: ana.id });
      client.send({ type: 'ping' });
      expect(await client.next(isType('pong'))).toEqual({ type: 'pong' });
    });

    it('[MSG-11] a token that is not valid closes the socket with 4401', async () => {
      const ana = await createUser(t);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(ana.id)
        .setIssuer('tripcrew')
        .setAudience('tripcrew-api')
        .setExpirationTime('5m')
        .sign(randomBytes(48));
      for (const token of ['not-a-token', forged, `${ana.accessToken}x`]) {
        await expectRefused(track(await openWithToken(live.url, token)), token);
      }
    });

    it('[AUTH-45] a signed token without expiry, with a subject that is not a UUID, or of a removed account closes with 4401', async () => {
      const [ana, bo] = [await createUser(t), await createUser(t)];
      const secret = new TextEncoder().encode(t.config.jwtSecret);
      const signed = (sub: string, expires: boolean) => {
        const jwt = new SignJWT({})
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(sub)
          .setIssuer('tripcrew')
          .setAudience('tripcrew-api')
          .setIssuedAt();
        return (expires ? jwt.setExpirationTime('5m') : jwt).sign(secret);
      };
      await t.database.db.execute(sql`delete from users where id = ${bo.id}`);
      const tokens = [
        await signed(ana.id, false),
        await signed('admin', true),
        await signed(randomUUID(), true),
        bo.accessToken,
      ];
      for (const token of tokens) {
        await expectRefused(track(await openWithToken(live.url, token)), token);
      }
      // The server carries on: a valid token still authenticates.
      const client = track(await openWithToken(live.url, ana.accessToken));
      expect(await client.next(isType('ready'))).toEqual({ type: 'ready', userId: ana.id });
    });

    it('[MSG-11] an expired token closes with 4401 and reason token-expired (the client refreshes)', async () => {
      const ana = await createUser(t);
      const client = track(await openWithToken(live.url, await expiredToken(t.config.jwtSecret, ana.id)));
      expect(await client.closed).toEqual({
        code: LIVE_CLOSE_UNAUTHORIZED,
        reason: LIVE_CLOSE_REASON_TOKEN_EXPIRED,
      });
    });

    it('[MSG-11] a first frame that is not auth (ping, garbage, binary, empty token) closes with 4401', async () => {
      for (const raw of [
        JSON.stringify({ type: 'ping' }),
        'hello',
        JSON.stringify({ type: 'auth' }),
        JSON.stringify({ type: 'auth', token: '' }),
        Buffer.from([1, 2, 3]),
      ]) {
        const client = track(await openLive(live.url));
        client.socket.send(raw);
        expect((await client.closed).code, String(raw)).toBe(LIVE_CLOSE_UNAUTHORIZED);
      }
    });

    it('[AUTH-52] an auth frame whose token holds NUL, control or text-direction characters, or is over-long, closes with 4401', async () => {
      const ana = await createUser(t);
      for (const token of [
        `${ana.accessToken}\u0000`,
        `\u0000${ana.accessToken}`,
        `${ana.accessToken}\u202e`,
        `\u2066${ana.accessToken}\u2069`,
        ` ${ana.accessToken}\n`,
        `${ana.accessToken}\u0085`,
        'x'.repeat(4097),
        'é'.repeat(100),
      ]) {
        await expectRefused(track(await openWithToken(live.url, token)), JSON.stringify(token.slice(0, 20)));
      }
      // The same token, clean, still authenticates.
      const client = track(await openWithToken(live.url, ana.accessToken));
      expect(await client.next(isType('ready'))).toEqual({ type: 'ready', userId: ana.id });
    });

    it('[MSG-11] an upgrade without a token frame is closed with 4401 after 5 seconds', async () => {
      // Timed from before the upgrade request: the server's 5 s start after it, whatever the load.
      const started = Date.now();
      const client = track(await openLive(live.url));
      const closed = await client.closed;
      expect(closed.code).toBe(LIVE_CLOSE_UNAUTHORIZED);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    }, 30_000);

    it('[MSG-11] a frame larger than any client frame is refused (connection closed)', async () => {
      const client = track(await openWithToken(live.url, 'x'.repeat(20_000)));
      expect((await client.closed).code).toBe(1009);
    });
  });

  describe('pushes', () => {
    it('[MSG-12] a new message reaches the recipient live, and the sender’s other tab; nobody else', async () => {
      const [ana, bo] = await crewPair(t);
      const eve = await createUser(t, { name: 'Eve' });
      const boSocket = track(await connectLive(live.url, bo.accessToken));
      const anaOtherTab = track(await connectLive(live.url, ana.accessToken));
      const eveSocket = track(await connectLive(live.url, eve.accessToken));

      const res = await post(t, ana, `/api/users/messages/direct/${bo.id}`, { text: 'Live hello 👋' });
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json() as Frame<'message'>['message'];

      expect((await boSocket.next(isType('message'))).message).toEqual(sent);
      expect((await anaOtherTab.next(isType('message'))).message).toEqual(sent);
      const notification = (await boSocket.next(isType('notification'))).notification;
      expect(notification).toMatchObject({ kind: 'message', short: 'Ana Silva: Live hello 👋', seen: false });
      await expectNoFrame(eveSocket, (f) => f.type === 'message' || f.type === 'notification');
      // The sender gets no notification about their own message.
      await expectNoFrame(anaOtherTab, (f) => f.type === 'notification');
    });

    it('[MSG-12] seeing a notification is pushed to the user’s other tabs', async () => {
      const [ana, bo] = await crewPair(t);
      await post(t, ana, `/api/users/messages/direct/${bo.id}`, { text: 'ping' });
      const tab = track(await connectLive(live.url, bo.accessToken));
      const list = await t.request({ method: 'GET', url: '/api/users/notifications', token: bo.accessToken });
      const [first] = list.json() as Array<{ _id: string }>;
      const res = await t.request({
        method: 'PATCH',
        url: `/api/users/notifications/${first!._id}`,
        token: bo.accessToken,
        payload: { seen: true },
      });
      expect(res.statusCode).toBe(200);
      const frame = await tab.next(isType('notification'));
      expect(frame.notification).toMatchObject({ _id: first!._id, seen: true });
    });

    it('[MSG-12] changes to a trip reach its members: added, updated, planner, members, deleted', async () => {
      const c = await loadCatalogue(t);
      const [ana, bo] = await crewPair(t);
      const boSocket = track(await connectLive(live.url, bo.accessToken));
      const tripId = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(5),
        endDate: day(7),
        members: [bo.id],
      });
      const isTrip = (change: string) => (f: LiveServerFrame) =>
        f.type === 'trip' && f.tripId === tripId && f.change === change;
      await boSocket.next(isTrip('members'));
      expect((await boSocket.next(isType('notification'))).notification).toMatchObject({
        kind: 'trip-added',
        ref: { tripId },
      });

      const dates = await t.request({
        method: 'PATCH',
        url: `/api/core/trips/update/${tripId}`,
        token: ana.accessToken,
        payload: { startDate: day(6), endDate: day(9) },
      });
      expect(dates.statusCode, dates.body).toBe(200);
      await boSocket.next(isTrip('updated'));
      await boSocket.next((f) => f.type === 'notification' && f.notification.kind === 'trip-dates-changed');

      const note = await post(t, ana, `/api/core/trips/${tripId}/planner/notes`, {
        text: 'Tram 28',
        date: day(6),
      });
      expect(note.statusCode, note.body).toBe(200);
      await boSocket.next(isTrip('planner'));

      const added = await post(t, ana, `/api/core/trips/${tripId}/features`, {
        featureIds: [c.lisbonFeatures[0]!._id],
      });
      expect(added.statusCode, added.body).toBe(200);
      await boSocket.next(isTrip('features'));

      // Bo leaves: he hears of it too (his trip list refreshes).
      const membersFrames = () => boSocket.frames.filter(isTrip('members')).length;
      const before = membersFrames();
      const left = await t.request({
        method: 'DELETE',
        url: `/api/core/trips/${tripId}/members/${bo.id}`,
        token: bo.accessToken,
      });
      expect(left.statusCode, left.body).toBe(200);
      await boSocket.next((f) => isTrip('members')(f) && membersFrames() > before);

      // Re-added, then the trip is deleted: Bo hears of it.
      await post(t, ana, `/api/core/trips/${tripId}/members`, { userId: bo.id, role: 'member' });
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/core/trips/${tripId}`,
        token: ana.accessToken,
      });
      expect(removed.statusCode).toBe(200);
      await boSocket.next(isTrip('deleted'));
    });

    it('[MSG-12] crew requests reach both people live', async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const bo = await createUser(t, { name: 'Bo' });
      const anaSocket = track(await connectLive(live.url, ana.accessToken));
      const boSocket = track(await connectLive(live.url, bo.accessToken));
      const res = await post(t, ana, '/api/users/crew/crew-request', { userId: bo.id });
      expect(res.statusCode, res.body).toBe(201);
      expect(await boSocket.next(isType('crew'))).toEqual({ type: 'crew', change: 'requested' });
      expect(await anaSocket.next(isType('crew'))).toEqual({ type: 'crew', change: 'requested' });
      expect((await boSocket.next(isType('notification'))).notification.kind).toBe('crew-request');
    });
  });
});

describe('live fan-out across instances', () => {
  let database: Database;
  const secret = randomBytes(32).toString('hex');
  const apps: TestApp[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    await database.close();
  });

  async function instance(env: Record<string, string>, logStream?: { write(line: string): void }) {
    const app = await createTestApp(
      { JWT_SECRET: secret, ...env },
      { database, ...(logStream ? { logStream } : {}) },
    );
    apps.push(app);
    return app;
  }

  it(
    '[MSG-13] with REDIS_URL, a socket on instance A receives a message POSTed to instance B',
    async () => {
      const a = await instance({ REDIS_URL });
      const b = await instance({ REDIS_URL });
      const [ana, bo] = await crewPair(a);
      const boOnA = await connectLive(await liveUrl(a), bo.accessToken);
      clients.push(boOnA);

      const res = await post(b, ana, `/api/users/messages/direct/${bo.id}`, { text: 'across instances' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await boOnA.next(isMessage('across instances'))).type).toBe('message');
      // The notification made on B reaches the socket on A too.
      const frame = await boOnA.next(isType('notification'));
      expect(frame.notification).toMatchObject({ kind: 'message', ref: { userId: ana.id } });
      // Delivered once, not once per instance: a later message from B has arrived, so a second
      // copy of the first (published before it on the same channel) would have too.
      await post(b, ana, `/api/users/messages/direct/${bo.id}`, { text: 'after across instances' });
      await boOnA.next(isMessage('after across instances'));
      expect(boOnA.frames.filter(isMessage('across instances'))).toHaveLength(1);
    },
    BUILDS_APPS_TIMEOUT_MS,
  );

  it(
    '[MSG-13] without REDIS_URL delivery is in-process: another instance’s socket catches up by query instead',
    async () => {
      const a = await instance({});
      const b = await instance({});
      const [ana, bo] = await crewPair(a);
      const boOnA = await connectLive(await liveUrl(a), bo.accessToken);
      clients.push(boOnA);
      const res = await post(b, ana, `/api/users/messages/direct/${bo.id}`, { text: 'only on B' });
      expect(res.statusCode).toBe(201);
      // Posted on A itself (after B's): live.
      await post(a, ana, `/api/users/messages/direct/${bo.id}`, { text: 'on A' });
      await boOnA.next(isMessage('on A'));
      await expectNoFrame(boOnA, isMessage('only on B'));
      const sent = res.json() as { chatId: string; seq: number };
      const caughtUp = await a.request({
        method: 'GET',
        url: `/api/users/messages/${sent.chatId}?after=${sent.seq - 1}`,
        token: bo.accessToken,
      });
      expect((caughtUp.json() as { data: Array<{ text: string }> }).data.map((m) => m.text)).toEqual([
        'only on B',
        'on A',
      ]);
    },
    BUILDS_APPS_TIMEOUT_MS,
  );

  it(
    '[MSG-13] with Redis unreachable, messages still go out locally and one clear line is logged',
    async () => {
      const lines: string[] = [];
      const a = await instance(
        { REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
        { write: (l) => lines.push(l) },
      );
      const [ana, bo] = await crewPair(a);
      const boOnA = await connectLive(await liveUrl(a), bo.accessToken);
      clients.push(boOnA);
      for (const text of ['first while down', 'second while down']) {
        const res = await post(a, ana, `/api/users/messages/direct/${bo.id}`, { text });
        expect(res.statusCode, res.body).toBe(201);
        await boOnA.next(isMessage(text));
      }
      const liveWarnings = lines.filter((l) => l.includes('live: redis pub/sub unavailable'));
      expect(liveWarnings).toHaveLength(1);
    },
    BUILDS_APPS_TIMEOUT_MS,
  );
});
