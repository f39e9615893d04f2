import { randomBytes } from 'node:crypto';
import type { Feature } from '@tripcrew/contracts/features';
import { TRIP_MAX_DAYS, type Trip } from '@tripcrew/contracts/trips';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import {
  allItemIds,
  createTrip,
  crewOf,
  day,
  getPlanner,
  getTrip,
  loadCatalogue,
  type Catalogue,
} from '../trips.fixtures.ts';
import {
  calendarFeeds,
  checklistEntries,
  plannerItems,
  tripFeatures,
  tripMembers,
  trips,
} from './trips.table.ts';

const multipart = (data: Buffer, field = 'file') =>
  multipartBody([{ field, filename: 'cover.jpg', contentType: 'image/jpeg', data }]);

const image = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('trips', () => {
  let t: TestApp;
  let c: Catalogue;
  const ids = (features: Feature[]) => features.map((f) => f._id);

  beforeAll(async () => {
    t = await createTestApp();
    c = await loadCatalogue(t);
  });
  afterAll(() => t.close());

  const rowCount = async (table: typeof trips | typeof tripMembers, where: ReturnType<typeof eq>) =>
    (await t.database.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

  describe('create', () => {
    it('[TRIP-01] [TRIP-02] [TRIP-03] POST /core/trips answers 201 {_id}; the creator is admin, members join as member; named and pictured after the place', async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
      const res = await t.request({
        method: 'POST',
        url: '/api/core/trips',
        token: ana.accessToken,
        payload: {
          placeId: c.lisbon._id,
          startDate: day(10),
          endDate: day(14),
          transportMode: 'public',
          featureIds: ids(c.lisbonFeatures.slice(0, 3)),
          categories: ['landmarks', 'food and drink', 'landmarks'],
          // The creator's own id is ignored; duplicates count once.
          members: [bo.id, cy.id, ana.id, bo.id],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { _id } = res.json() as { _id: string };
      expect(Object.keys(res.json() as object)).toEqual(['_id']);

      const trip = await getTrip(t, ana, _id);
      expect(trip).toMatchObject({
        _id,
        tripName: 'Lisbon, Portugal',
        startDate: day(10),
        endDate: day(14),
        transportMode: 'public',
        image: { original: c.lisbon.image.original, landscape: c.lisbon.image.original },
        placeId: c.lisbon._id,
        categories: ['landmarks', 'food and drink'],
        featureCount: 3,
        myRole: 'admin',
      });
      expect(trip.users.map((u) => [u._id, u.role])).toEqual([
        [ana.id, 'admin'],
        ...[bo, cy]
          .sort((a, b) => (a.name === b.name ? a.id.localeCompare(b.id) : a.name.localeCompare(b.name)))
          .map((u) => [u.id, 'member']),
      ]);
      expect((await getTrip(t, bo, _id)).myRole).toBe('member');
      // Every feature has its planner item, in the tray.
      const planner = await getPlanner(t, ana, _id);
      expect(planner.tray.map((i) => i.feature?._id)).toEqual(ids(c.lisbonFeatures.slice(0, 3)));
      expect(planner.days).toHaveLength(5);
    });

    it('[TRIP-03] a trip to a country is named after the country alone; dates and lists may be empty', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.portugal._id });
      const trip = await getTrip(t, ana, id);
      expect(trip).toMatchObject({
        tripName: 'Portugal',
        startDate: null,
        endDate: null,
        transportMode: 'private',
        featureCount: 0,
      });
      // A country holds the features of its places.
      const withFeature = await createTrip(t, ana, {
        placeId: c.portugal._id,
        featureIds: [c.lisbonFeatures[0]!._id],
      });
      expect((await getTrip(t, ana, withFeature)).featureCount).toBe(1);
    });

    it("[TRIP-02] members outside the creator's crew answer 400 naming them", async () => {
      const ana = await createUser(t);
      const stranger = await createUser(t);
      const res = await apiCall(t, ana, 'POST', '/core/trips', {
        placeId: c.lisbon._id,
        members: [stranger.id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(stranger.id);
      expect(res.json().message).toMatch(/crew/);
    });

    it('[TRIP-14] bad dates answer 400 with a clear message', async () => {
      const ana = await createUser(t);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ startDate: day(10), endDate: day(5) }, /^The trip cannot end before it starts$/],
        [{ startDate: day(-5), endDate: day(2) }, /^Please select a future date$/],
        [{ startDate: day(1), endDate: day(1 + TRIP_MAX_DAYS) }, /at most 180 days/],
        [{ startDate: day(1) }, /both the start and the end date/],
        [{ startDate: '2026-02-30', endDate: '2026-03-02' }, /does not exist/],
        [{ startDate: '2101-01-01', endDate: '2101-01-02' }, /between the years 2000 and 2100/],
        [{ startDate: 'tomorrow', endDate: day(3) }, /2026-12-31/],
      ];
      for (const [dates, message] of cases) {
        const res = await apiCall(t, ana, 'POST', '/core/trips', { placeId: c.lisbon._id, ...dates });
        expect(res.statusCode, JSON.stringify(dates)).toBe(400);
        expect(res.json().message, JSON.stringify(dates)).toMatch(message);
      }
      // Yesterday is still accepted (time zones), and the longest trip is TRIP_MAX_DAYS days.
      await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(-1),
        endDate: day(TRIP_MAX_DAYS - 2),
      });
      // An ISO date-time counts by its UTC day.
      const iso = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: `${day(3)}T10:00:00.000Z`,
        endDate: `${day(4)}T10:00:00.000Z`,
      });
      expect((await getTrip(t, ana, iso)).startDate).toBe(day(3));
    });

    it('[TRIP-14] unknown place, unknown feature ids and features of another place answer 400 naming them', async () => {
      const ana = await createUser(t);
      const post = (payload: Record<string, unknown>) =>
        t.request({ method: 'POST', url: '/api/core/trips', token: ana.accessToken, payload });

      for (const placeId of ['00000000-0000-4000-8000-000000000000', 'not-a-place']) {
        const res = await post({ placeId });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Unknown place');
      }
      const unknownId = '00000000-0000-4000-8000-00000000abcd';
      const unknown = await post({
        placeId: c.lisbon._id,
        featureIds: [c.lisbonFeatures[0]!._id, unknownId, 'x'],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(`Unknown feature ids: ${unknownId}, x.`);

      const paris = c.parisFeatures[0]!;
      const elsewhere = await post({
        placeId: c.lisbon._id,
        featureIds: [c.lisbonFeatures[0]!._id, paris._id],
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toContain(paris._id);
      expect(elsewhere.json().message).toMatch(/not in Lisbon/);
    });

    it('[TRIP-15] a create that fails (bad feature id, stranger) writes no trip', async () => {
      const ana = await createUser(t);
      const [bo] = (await crewOf(t, ana, 1)) as [TestUser];
      const stranger = await createUser(t);
      for (const payload of [
        { placeId: c.lisbon._id, members: [bo.id], featureIds: [c.parisFeatures[0]!._id] },
        { placeId: c.lisbon._id, members: [bo.id, stranger.id], featureIds: [c.lisbonFeatures[0]!._id] },
      ]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/core/trips',
          token: ana.accessToken,
          payload,
        });
        expect(res.statusCode).toBe(400);
      }
      expect(await rowCount(trips, eq(trips.createdBy, ana.id))).toBe(0);
      expect(await rowCount(tripMembers, eq(tripMembers.userId, ana.id))).toBe(0);
      expect(await rowCount(tripMembers, eq(tripMembers.userId, bo.id))).toBe(0);
    });

    it('[TRIP-01] a signed-out caller gets 401', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/core/trips',
        payload: { placeId: c.lisbon._id },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('read', () => {
    it("[TRIP-04] GET /core/trips lists the caller's trips newest start first, dateless last; upcoming lists those not ended, soonest first", async () => {
      const ana = await createUser(t);
      const other = await createUser(t);
      await createTrip(t, other, { placeId: c.lisbon._id, startDate: day(2), endDate: day(3) });
      const soon = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(2), endDate: day(4) });
      const later = await createTrip(t, ana, { placeId: c.paris._id, startDate: day(30), endDate: day(31) });
      const current = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(-1),
        endDate: day(1),
      });
      const dateless = await createTrip(t, ana, { placeId: c.portugal._id });
      const past = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(-1), endDate: day(5) });
      // A trip that has ended (its dates moved into the past by an edit).
      const ended = await apiCall(t, ana, 'PATCH', `/core/trips/update/${past}`, {
        startDate: day(-10),
        endDate: day(-2),
      });
      expect(ended.statusCode, ended.body).toBe(200);

      const list = await t.request({ method: 'GET', url: '/api/core/trips', token: ana.accessToken });
      expect(list.statusCode).toBe(200);
      expect((list.json() as Trip[]).map((trip) => trip._id)).toEqual([later, soon, current, past, dateless]);

      const upcoming = await apiCall(t, ana, 'GET', '/core/trips/upcoming');
      expect(upcoming.statusCode).toBe(200);
      expect((upcoming.json() as Trip[]).map((trip) => trip._id)).toEqual([current, soon, later, dateless]);
    });

    it("[TRIP-05] GET /core/trips/{id} has the SPEC fields; GET /core/trips/features/{tripId} the trip's features", async () => {
      const ana = await createUser(t);
      const picked = c.lisbonFeatures.slice(2, 5);
      const id = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(3),
        endDate: day(4),
        featureIds: ids(picked),
      });
      const trip = await getTrip(t, ana, id);
      expect(trip).toEqual({
        _id: id,
        tripName: 'Lisbon, Portugal',
        startDate: day(3),
        endDate: day(4),
        transportMode: 'private',
        image: { original: expect.any(String), landscape: expect.any(String) },
        users: [
          { _id: ana.id, role: 'admin', name: ana.name, lastName: ana.lastName, image: { thumbnail: null } },
        ],
        placeId: c.lisbon._id,
        categories: [],
        featureCount: 3,
        myRole: 'admin',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        version: 1,
      });
      const features = await apiCall(t, ana, 'GET', `/core/trips/features/${id}`);
      expect(features.statusCode).toBe(200);
      expect(features.json()).toEqual(picked);
    });

    it('[TRIP-11] an unknown or malformed trip id answers 404 like a trip of others', async () => {
      const ana = await createUser(t);
      const other = await createUser(t);
      const theirs = await createTrip(t, other, { placeId: c.lisbon._id });
      const messages = new Set<string>();
      for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await t.request({ method: 'GET', url: `/api/core/trips/${id}`, token: ana.accessToken });
        expect(res.statusCode, id).toBe(404);
        messages.add(res.json().message as string);
      }
      expect([...messages]).toEqual(['Trip not found']);
    });
  });

  describe('update', () => {
    it('[TRIP-06] PATCH /core/trips/update/{id} updates name, transport, dates and image', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(4) });
      const patch = (payload: Record<string, unknown>) =>
        t.request({ method: 'PATCH', url: `/api/core/trips/update/${id}`, token: ana.accessToken, payload });

      const res = await patch({
        tripName: '  Tagus weekend ',
        transportMode: 'public',
        startDate: day(5),
        endDate: day(7),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        trip: { tripName: 'Tagus weekend', transportMode: 'public', startDate: day(5), endDate: day(7) },
        movedToTray: 0,
      });
      const image = await patch({ image: '/api/core/images/feature/lisbon-belem-tower.svg' });
      expect(image.json().trip.image).toEqual({
        original: '/api/core/images/feature/lisbon-belem-tower.svg',
        landscape: '/api/core/images/feature/lisbon-belem-tower.svg',
      });
      const back = await patch({ image: null });
      expect(back.json().trip.image.original).toBe(c.lisbon.image.original);
      // Clearing both dates is allowed; the planner then has no days.
      const cleared = await patch({ startDate: '', endDate: null });
      expect(cleared.json().trip).toMatchObject({ startDate: null, endDate: null });
      expect((await patch({})).statusCode).toBe(400);
      expect((await patch({ image: 'https://evil.example/x.png' })).statusCode).toBe(400);
      expect((await patch({ tripName: '   ' })).json().message).toMatch(/cannot be empty/);
    });

    it('[TRIP-14] [TRIP-15] a PATCH with bad dates answers 400 and changes nothing', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(6) });
      const before = await getTrip(t, ana, id);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ tripName: 'Renamed', endDate: day(1) }, /^The trip cannot end before it starts$/],
        [{ tripName: 'Renamed', startDate: day(3), endDate: day(3 + TRIP_MAX_DAYS) }, /at most 180 days/],
        [{ tripName: 'Renamed', endDate: null }, /both the start and the end date/],
      ];
      for (const [payload, message] of cases) {
        const res = await t.request({
          method: 'PATCH',
          url: `/api/core/trips/update/${id}`,
          token: ana.accessToken,
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect(await getTrip(t, ana, id)).toEqual(before);
    });
  });

  describe('cover upload', () => {
    it('[TRIP-07] an admin uploads a cover: an original and a ~940×650 landscape', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id });
      const res = await t.request({
        method: 'POST',
        url: `/api/core/trips/${id}/upload`,
        token: ana.accessToken,
        ...multipart(await image(2400, 1600)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const trip = res.json() as Trip;
      expect(trip.image.original).toMatch(/^\/api\/assets\/files\/[a-f0-9]{32}\.webp$/);
      expect(trip.image.landscape).toMatch(/^\/api\/assets\/files\/[a-f0-9]{32}-landscape\.webp$/);
      const landscape = await t.request({ method: 'GET', url: trip.image.landscape });
      expect(landscape.statusCode).toBe(200);
      expect(await sharp(landscape.rawPayload).metadata()).toMatchObject({ width: 940, height: 650 });
      const original = await sharp(
        (await t.request({ method: 'GET', url: trip.image.original })).rawPayload,
      ).metadata();
      expect(original).toMatchObject({ width: 1920, height: 1280 });

      // A second upload replaces the first; its files are deleted.
      const again = await t.request({
        method: 'POST',
        url: `/api/core/trips/${id}/upload`,
        token: ana.accessToken,
        ...multipart(await image(800, 1200)),
      });
      expect(again.statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: trip.image.original })).statusCode).toBe(404);
      expect((await getTrip(t, ana, id)).image.original).toBe((again.json() as Trip).image.original);
    });

    it('[TRIP-14] non-image, damaged, oversized or misplaced uploads answer 400 with a message and change nothing', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id });
      const before = await getTrip(t, ana, id);
      const upload = (body: { payload: Buffer; headers: Record<string, string> }) =>
        t.request({ method: 'POST', url: `/api/core/trips/${id}/upload`, token: ana.accessToken, ...body });

      const text = await upload(multipart(Buffer.from('just some text, not an image')));
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toMatch(/not a supported image/);

      const damaged = await upload(
        multipart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(200)])),
      );
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json().message).toMatch(/damaged/);

      const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const oversized = await upload(multipart(huge));
      expect(oversized.statusCode).toBe(400);
      expect(oversized.json().message).toMatch(/larger than 5 MB/);

      const wrongField = await upload(multipart(await image(), 'picture'));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toMatch(/field "file"/);

      const json = await apiCall(t, ana, 'POST', `/core/trips/${id}/upload`, { file: 'x' });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toMatch(/multipart\/form-data/);
      expect(await getTrip(t, ana, id)).toEqual(before);
    });
  });

  describe('delete', () => {
    it('[TRIP-08] DELETE /core/trips/{id} deletes the trip with its members, features, planner items, checklists and feed', async () => {
      const ana = await createUser(t);
      const [bo] = (await crewOf(t, ana, 1)) as [TestUser];
      const id = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(2),
        endDate: day(3),
        members: [bo.id],
        featureIds: ids(c.lisbonFeatures.slice(0, 2)),
      });
      await apiCall(t, bo, 'PUT', `/core/trips/${id}/checklist`, { entries: ['Passport'] });
      await apiCall(t, ana, 'POST', `/core/trips/${id}/planner/notes`, { text: 'Pack', date: day(2) });
      await t.request({ method: 'POST', url: `/api/core/trips/${id}/calendar-feed`, token: ana.accessToken });
      expect(allItemIds(await getPlanner(t, ana, id))).toHaveLength(3);
      const upload = await t.request({
        method: 'POST',
        url: `/api/core/trips/${id}/upload`,
        token: ana.accessToken,
        ...multipart(await image()),
      });
      const cover = (upload.json() as Trip).image.original;

      const res = await t.request({ method: 'DELETE', url: `/api/core/trips/${id}`, token: ana.accessToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const db = t.database.db;
      for (const [table, column] of [
        [trips, trips.id],
        [tripMembers, tripMembers.tripId],
        [tripFeatures, tripFeatures.tripId],
        [plannerItems, plannerItems.tripId],
        [checklistEntries, checklistEntries.tripId],
        [calendarFeeds, calendarFeeds.tripId],
      ] as const) {
        const rows = await db.select({ n: count() }).from(table).where(eq(column, id));
        expect(rows[0]?.n).toBe(0);
      }
      expect(
        (await t.request({ method: 'GET', url: `/api/core/trips/${id}`, token: ana.accessToken })).statusCode,
      ).toBe(404);
      expect((await t.request({ method: 'GET', url: cover })).statusCode).toBe(404);
      // The users and the catalogue stay.
      expect(
        (await t.request({ method: 'GET', url: '/api/users/users/me', token: bo.accessToken })).statusCode,
      ).toBe(200);
      const features = await t.request({
        method: 'GET',
        url: `/api/core/features/search/?placeId=${c.lisbon._id}&limit=2`,
      });
      expect(features.json().data).toHaveLength(2);
    });
  });
});
