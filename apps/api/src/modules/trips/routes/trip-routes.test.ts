import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OptimiseDayResponse, TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { type TestApp, useTestApp } from '../../../../test/helpers/test-app.ts';
import { clientTracker, connectLive, liveUrl } from '../../chats/core/live.fixtures.ts';
import { estimateLeg } from './route-estimates.ts';
import {
  createTrip,
  crewOf,
  day,
  openAllDay,
  setRole,
  useCatalogue,
  type Catalogue,
} from '../trips.fixtures.ts';

/**
 * A trip at Lisbon whose first day has `count` stops (features with coordinates, open all day for
 * the trip), moved there in the order `order` (indices into the stops), and a note in the middle.
 */
async function scrambledDay(
  t: TestApp,
  c: Catalogue,
  owner: TestUser,
  order: number[],
  extra: { members?: string[]; transportMode?: 'public' | 'private' } = {},
) {
  const call = apiCaller(t);
  const stops = c.lisbonFeatures.filter((f) => f.coordinates).slice(0, order.length);
  const tripId = await createTrip(t, owner, {
    placeId: c.lisbon._id,
    startDate: day(1),
    endDate: day(2),
    featureIds: stops.map((f) => f._id),
    members: extra.members ?? [],
    transportMode: extra.transportMode ?? 'private',
  });
  let planner = (
    await expectStatus(call(owner, 'GET', `/core/trips/${tripId}/planner`), 200)
  ).json() as Planner;
  const itemOf = (featureId: string) => planner.tray.find((i) => i.feature?._id === featureId)?._id as string;
  const itemIds = order.map((k) => itemOf((stops[k] as { _id: string })._id));
  for (const [index, itemId] of itemIds.entries()) {
    const res = await call(owner, 'POST', `/core/trips/${tripId}/planner/items/${itemId}/move`, {
      date: day(1),
      index,
    });
    planner = (await expectStatus(res, 200)).json() as Planner;
  }
  // Open all day for this trip: distances alone decide, whatever the weekday and the hours.
  await openAllDay(t, owner, tripId);
  const noted = await call(owner, 'POST', `/core/trips/${tripId}/planner/notes`, {
    date: day(1),
    text: 'Coffee',
  });
  planner = (await expectStatus(noted, 200)).json() as Planner;
  const noteId = planner.days[0]?.items.at(-1)?._id as string;
  await expectStatus(
    call(owner, 'POST', `/core/trips/${tripId}/planner/items/${noteId}/move`, { date: day(1), index: 2 }),
    200,
  );
  return { tripId, stops, itemIds, noteId };
}

describe('trip routes (estimates)', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  const routesOf = async (user: TestUser, tripId: string) =>
    (await expectStatus(call(user, 'GET', `/core/trips/${tripId}/routes`), 200)).json() as TripRoutes;
  const dayItems = async (user: TestUser, tripId: string) =>
    (
      (await expectStatus(call(user, 'GET', `/core/trips/${tripId}/planner`), 200)).json() as Planner
    ).days[0]?.items.map((i) => i._id) ?? [];

  it('[ROUTE-01] legs join consecutive stops of each day, notes are skipped, totals add up, estimates carry no geometry', async () => {
    const ana = await createUser(t);
    const { tripId, stops, itemIds, noteId } = await scrambledDay(t, c, ana, [0, 2, 1, 3]);
    const routes = await routesOf(ana, tripId);
    expect(routes.mode).toBe('driving');
    expect(routes.days.map((d) => d.date)).toEqual([day(1), day(2)]);
    const [first, second] = routes.days;
    expect(first?.skippedItemIds).toEqual([noteId]);
    expect(first?.legs.map((l) => [l.fromItemId, l.toItemId])).toEqual([
      [itemIds[0], itemIds[1]],
      [itemIds[1], itemIds[2]],
      [itemIds[2], itemIds[3]],
    ]);
    const points = [0, 2, 1, 3].map((k) => stops[k]?.coordinates as { lat: number; lng: number });
    first?.legs.forEach((leg, i) => {
      expect(leg).toMatchObject({
        source: 'estimate',
        geometry: null,
        ...estimateLeg(points[i] as never, points[i + 1] as never, first.mode),
      });
    });
    expect(['walking', 'driving']).toContain(first?.mode);
    expect(first?.totalDistanceM).toBe(first?.legs.reduce((s, l) => s + l.distanceM, 0));
    expect(first?.totalDurationS).toBe(first?.legs.reduce((s, l) => s + l.durationS, 0));
    expect(second).toEqual({
      date: day(2),
      mode: 'driving',
      legs: [],
      totalDistanceM: 0,
      totalDurationS: 0,
      skippedItemIds: [],
      // No lodging booked: the day has no home base.
      home: { start: null, end: null },
    });
  });

  it('[ROUTE-02] a public trip is transit between places far apart; a city day of close stops is walking', async () => {
    const ana = await createUser(t);
    const { tripId } = await scrambledDay(t, c, ana, [0, 1], { transportMode: 'public' });
    const routes = await routesOf(ana, tripId);
    expect(routes.mode).toBe('transit');
    const only = routes.days[0];
    const close = (only?.legs[0]?.distanceM ?? Infinity) / 1.3 <= 2_500;
    expect(only?.mode).toBe(close ? 'walking' : 'transit');
  });

  it('[ROUTE-04] viewers read routes but cannot optimise or reorder; non-members get 404; bad and outside days 400', async () => {
    const ana = await createUser(t);
    const [vera] = await crewOf(t, ana, 1);
    const viewer = vera as TestUser;
    const { tripId, itemIds, noteId } = await scrambledDay(t, c, ana, [0, 2, 1, 3], {
      members: [viewer.id],
    });
    await setRole(t, ana, tripId, viewer.id, 'viewer');
    await routesOf(viewer, tripId);
    const optimise = (user: TestUser | null, date: string, body: object = {}) =>
      call(user, 'POST', `/core/trips/${tripId}/planner/days/${date}/optimise`, body);
    const order = (user: TestUser | null, date: string, ids: string[]) =>
      call(user, 'PUT', `/core/trips/${tripId}/planner/days/${date}/order`, { itemIds: ids });
    const all = [...itemIds, noteId];
    await expectStatus(optimise(viewer, day(1)), 403);
    await expectStatus(order(viewer, day(1), all), 403);
    const stranger = await createUser(t);
    await expectStatus(call(stranger, 'GET', `/core/trips/${tripId}/routes`), 404);
    await expectStatus(optimise(stranger, day(1)), 404);
    await expectStatus(order(stranger, day(1), all), 404);
    await expectStatus(call(null, 'GET', `/core/trips/${tripId}/routes`), 401);
    const bad = await expectStatus(optimise(ana, '2026-13-45'), 400);
    expect(bad.body).toMatch(/date/i);
    const outside = await expectStatus(optimise(ana, day(9)), 400);
    expect(outside.json().message).toMatch(/is not a day of this trip/);
    await expectStatus(order(ana, day(9), []), 400);
    await expectStatus(order(ana, day(1), [...all, all[0] as string]), 400);
    await expectStatus(optimise(ana, day(1), { apply: 'yes' }), 400);
  });

  it('[ROUTE-06] optimising applies a shorter order in one step and answers the saving; PUT order puts the old one back', async () => {
    const ana = await createUser(t);
    const { tripId, itemIds, noteId } = await scrambledDay(t, c, ana, [0, 3, 1, 2]);
    const before = await dayItems(ana, tripId);
    expect(before).toEqual([itemIds[0], itemIds[1], noteId, itemIds[2], itemIds[3]]);

    const proposal = (
      await expectStatus(
        call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(1)}/optimise`, { apply: false }),
        200,
      )
    ).json() as OptimiseDayResponse;
    expect(proposal.applied).toBe(false);
    expect(await dayItems(ana, tripId)).toEqual(before);

    const res = await expectStatus(
      call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(1)}/optimise`, {}),
      200,
    );
    const done = res.json() as OptimiseDayResponse;
    expect(done.applied).toBe(true);
    expect(done.itemIds).toEqual(proposal.itemIds);
    expect(done.planner.days[0]?.items.map((i) => i._id)).toEqual(done.itemIds);
    expect(await dayItems(ana, tripId)).toEqual(done.itemIds);
    // The first stop and the (untimed) note stay where they were.
    expect(done.itemIds[0]).toBe(itemIds[0]);
    expect(done.itemIds[2]).toBe(noteId);
    expect(done.savedM).toBe(done.beforeM - done.afterM);
    expect(done.afterM).toBeLessThanOrEqual(done.beforeM);
    const routes = await routesOf(ana, tripId);
    expect(routes.days[0]?.totalDistanceM).toBeLessThanOrEqual(done.beforeM);

    // Undo: the previous order, in one PUT.
    const undone = await expectStatus(
      call(ana, 'PUT', `/core/trips/${tripId}/planner/days/${day(1)}/order`, { itemIds: before }),
      200,
    );
    expect((undone.json() as Planner).days[0]?.items.map((i) => i._id)).toEqual(before);
    expect((undone.json() as Planner).days[0]?.items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4]);

    // An order that does not list exactly the day's items is refused: the day changed meanwhile.
    const stale = await expectStatus(
      call(ana, 'PUT', `/core/trips/${tripId}/planner/days/${day(1)}/order`, { itemIds: before.slice(1) }),
      409,
    );
    expect(stale.json().message).toMatch(/changed/);
    await expectStatus(
      call(ana, 'PUT', `/core/trips/${tripId}/planner/days/${day(1)}/order`, {
        itemIds: [...before.slice(1), '00000000-0000-4000-8000-000000000000'],
      }),
      409,
    );
    expect(await dayItems(ana, tripId)).toEqual(before);
  });
});

describe('trip routes: live', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);
  const { track, closeAll } = clientTracker();
  afterAll(() => closeAll());

  it('[ROUTE-07] optimising and reordering a day tell the other members as a planner move does', async () => {
    const ana = await createUser(t);
    const [bo] = await crewOf(t, ana, 1);
    const member = bo as TestUser;
    const { tripId } = await scrambledDay(t, c, ana, [0, 3, 1, 2], { members: [member.id] });
    const socket = track(await connectLive(await liveUrl(t), member.accessToken));
    const planner = (f: { type: string; tripId?: string; change?: string }) =>
      f.type === 'trip' && f.tripId === tripId && f.change === 'planner';
    const before = socket.frames.filter(planner).length;
    await expectStatus(call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(1)}/optimise`, {}), 200);
    await socket.next((f) => planner(f) && socket.frames.filter(planner).length > before);
    const order = (
      (await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/planner`), 200)).json() as Planner
    ).days[0]?.items.map((i) => i._id);
    await expectStatus(
      call(ana, 'PUT', `/core/trips/${tripId}/planner/days/${day(1)}/order`, { itemIds: order }),
      200,
    );
    await socket.next((f) => planner(f) && socket.frames.filter(planner).length > before + 1);
  });
});

describe('trip routes with a routing server', () => {
  const env: Record<string, string> = {};
  let server: Server;
  let requests = 0;
  let failing = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests += 1;
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      const [from, to] = (req.url ?? '').split('/')[4]?.split('?')[0]?.split(';') ?? [];
      const points = [from, to].map((p) => (p ?? '0,0').split(',').map(Number));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 'Ok',
          routes: [{ distance: 4321, duration: 1234, geometry: { type: 'LineString', coordinates: points } }],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.ROUTING_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const t = useTestApp(env);
  const c = useCatalogue(t);
  const call = apiCaller(t);

  it('[ROUTE-03] with ROUTING_URL, driving legs come from the routing server with their geometry, cached per pair; a failing server falls back to estimates', async () => {
    const ana = await createUser(t);
    const { tripId } = await scrambledDay(t, c, ana, [0, 2, 1, 3]);
    const first = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/routes`), 200)
    ).json() as TripRoutes;
    const legs = first.days[0]?.legs ?? [];
    expect(legs).toHaveLength(3);
    for (const leg of legs) {
      expect(leg).toMatchObject({ source: 'routing', distanceM: 4321, durationS: 1234 });
      expect(leg.geometry).toHaveLength(2);
    }
    expect(requests).toBe(3);
    await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/routes`), 200);
    expect(requests).toBe(3);

    // A new pair while the server fails: that leg is an estimate, never a 500.
    failing = true;
    const res = await call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(1)}/optimise`, {});
    await expectStatus(res, 200);
    const after = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/routes`), 200)
    ).json() as TripRoutes;
    const sources = after.days[0]?.legs.map((l) => l.source) ?? [];
    expect(sources).toHaveLength(3);
    if ((res.json() as OptimiseDayResponse).savedM > 0) expect(sources).toContain('estimate');
    for (const leg of after.days[0]?.legs ?? []) {
      if (leg.source === 'estimate') expect(leg.geometry).toBeNull();
    }
  });
});
