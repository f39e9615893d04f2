import type { Feature } from '@tripcrew/contracts/features';
import { TRIP_ROLES, type Planner, type TripRole } from '@tripcrew/contracts/trips';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail, type TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';
import { createTrip, day, loadCatalogue, setRole, type Catalogue } from '../trips.fixtures.ts';

/**
 * TRIP-11..13: every trip route × every role, plus a non-member and a signed-out caller, against
 * the table of docs/trips-permissions.md. Each call that succeeds in changing the trip gets a fresh
 * trip, so destructive routes (delete, leave, remove) are judged on the same starting state as the
 * others; refusals and reads share one trip made the same way.
 */

type Caller = TripRole | 'non-member';
const CALLERS: readonly Caller[] = [...TRIP_ROLES, 'non-member'];
const EDITORS: readonly TripRole[] = ['admin', 'member', 'driver', 'guide'];
const ADMIN: readonly TripRole[] = ['admin'];
/** Every role with a checklist of its own: all but viewer. */
const PARTICIPANTS: readonly TripRole[] = TRIP_ROLES.filter((r) => r !== 'viewer');

interface Cell {
  tripId: string;
  actor: TestUser;
  users: Record<Caller, TestUser>;
  spare: TestUser;
  keptFeatureId: string;
  newFeatureId: string;
  noteId: string;
  inviteId: string;
  packingId: string;
  /** A place of the trip's own, added by the admin. */
  placeId: string;
  /** The newest entry of the trip's history: the admin added the packing item. */
  entryId: string;
}

interface RouteCase {
  route: string;
  /** Roles that succeed; every other role gets 403, a non-member 404, a signed-out caller 401. */
  allowed: readonly TripRole[];
  ok: number;
  /** Statuses that replace the table's for some roles (e.g. the last admin cannot leave). */
  except?: Partial<Record<Caller, number>>;
  request(cell: Cell): InjectOptions;
}

let coverJpeg: Buffer;

const base = (cell: Cell) => `/api/core/trips/${cell.tripId}`;

/**
 * A row of the table: `route` is "METHOD /path" (then an optional label), its path parameters
 * filled from the cell ({userId}: `options.userId`, the guest by default); every allowed call
 * answers 200.
 */
function row(
  route: string,
  allowed: readonly TripRole[],
  options: {
    /** The body, or how to make it for a cell (computed when the request is made). */
    payload?: object | ((cell: Cell) => object);
    userId?: (cell: Cell) => TestUser;
    except?: RouteCase['except'];
    request?: RouteCase['request'];
    /** The status of an allowed call when it is not 200 (a POST that creates answers 201). */
    ok?: number;
  } = {},
): RouteCase {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  const request = (c: Cell): InjectOptions => ({
    method,
    url: `/api${path}`
      .replace(/\{(id|tripId)\}/, c.tripId)
      .replace('{featureId}', c.keptFeatureId)
      .replace('{itemId}', c.noteId)
      .replace('{inviteId}', c.inviteId)
      .replace('{userId}', (options.userId?.(c) ?? c.users.guest).id),
    ...(options.payload
      ? { payload: typeof options.payload === 'function' ? options.payload(c) : options.payload }
      : {}),
  });
  return {
    route,
    allowed,
    ok: options.ok ?? 200,
    ...(options.except ? { except: options.except } : {}),
    request: options.request ?? request,
  };
}

const ROUTES: RouteCase[] = [
  row('GET /core/trips/{id}', TRIP_ROLES),
  row('GET /core/trips/features/{tripId}', TRIP_ROLES),
  row('PATCH /core/trips/update/{id} name', EDITORS, { payload: { tripName: 'Renamed' } }),
  row('PATCH /core/trips/update/{id} dates', EDITORS, {
    payload: () => ({ startDate: day(2), endDate: day(5) }),
  }),
  row('PATCH /core/trips/update/{id} transport', EDITORS, { payload: { transportMode: 'public' } }),
  row('PATCH /core/trips/update/{id} image', ADMIN, {
    payload: { image: '/api/core/images/feature/lisbon-belem-tower.svg' },
  }),
  row('POST /core/trips/{id}/upload', ADMIN, {
    request: (c) => ({
      method: 'POST',
      url: `${base(c)}/upload`,
      ...multipartBody([{ field: 'file', filename: 'c.jpg', contentType: 'image/jpeg', data: coverJpeg }]),
    }),
  }),
  row('DELETE /core/trips/{id}', ADMIN),
  row('POST /core/trips/{id}/features', EDITORS, { payload: (c) => ({ featureIds: [c.newFeatureId] }) }),
  row('DELETE /core/trips/{id}/features/{featureId}', EDITORS),
  row('POST /core/trips/{id}/members', ADMIN, { payload: (c) => ({ userId: c.spare.id, role: 'guest' }) }),
  row('PATCH /core/trips/{id}/members/{userId}', ADMIN, { payload: { role: 'guide' } }),
  // To a viewer: any role may receive the admin role (policy first: the viewer itself gets 403).
  row('POST /core/trips/{id}/members/{userId}/hand-over', ADMIN, { userId: (c) => c.users.viewer }),
  row('DELETE /core/trips/{id}/members/{userId} (someone else)', ADMIN, {
    userId: (c) => (c.actor === c.users.member ? c.users.driver : c.users.member),
  }),
  // The only admin cannot leave: 409 (docs/trips-permissions.md).
  row('DELETE /core/trips/{id}/members/{userId} (own id: leave)', TRIP_ROLES, {
    userId: (c) => c.actor,
    except: { admin: 409 },
  }),
  row('GET /core/trips/{id}/planner', TRIP_ROLES),
  row('POST /core/trips/{id}/planner/notes', EDITORS, { payload: () => ({ date: day(1), text: 'Hi' }) }),
  row('PATCH /core/trips/{id}/planner/items/{itemId}', EDITORS, { payload: { time: '09:00' } }),
  row('POST /core/trips/{id}/planner/items/{itemId}/move', EDITORS, {
    payload: () => ({ date: day(2), index: 0 }),
  }),
  row('DELETE /core/trips/{id}/planner/items/{itemId}', EDITORS),
  row('GET /core/trips/{id}/routes', TRIP_ROLES),
  row('POST /core/trips/{id}/planner/days/{date}/optimise', EDITORS, {
    request: (c) => ({ method: 'POST', url: `${base(c)}/planner/days/${day(1)}/optimise`, payload: {} }),
  }),
  row('PUT /core/trips/{id}/planner/days/{date}/order', EDITORS, {
    request: (c) => ({
      method: 'PUT',
      url: `${base(c)}/planner/days/${day(1)}/order`,
      payload: { itemIds: [c.noteId] },
    }),
  }),
  row('GET /core/trips/{id}/checklist', PARTICIPANTS),
  row('PUT /core/trips/{id}/checklist', PARTICIPANTS, { payload: { entries: ['Passport'] } }),
  row('PATCH /core/trips/{id}/checklist', PARTICIPANTS, { payload: { tick: ['Passport'] } }),
  row('GET /core/trips/{id}/calendar.ics', TRIP_ROLES),
  row('GET /core/trips/{id}/calendar-feed', ADMIN),
  row('POST /core/trips/{id}/calendar-feed', ADMIN),
  row('DELETE /core/trips/{id}/calendar-feed', ADMIN),
  row('GET /core/trips/{id}/invites', ADMIN),
  row('POST /core/trips/{id}/invites', ADMIN, { payload: { role: 'viewer', expiresInDays: 2, maxUses: 3 } }),
  row('POST /core/trips/{id}/invites/email', ADMIN, {
    // A new address per run: invitations to one address are capped per hour.
    payload: { email: uniqueEmail('invited'), role: 'guest' },
  }),
  row('DELETE /core/trips/{id}/invites/{inviteId}', ADMIN),
  row('GET /core/trips/{id}/packing', TRIP_ROLES),
  row('POST /core/trips/{id}/packing', PARTICIPANTS, { payload: { text: 'Sunscreen' } }),
  row('PATCH /core/trips/{id}/packing/{itemId}', PARTICIPANTS, {
    request: (c) => ({ method: 'PATCH', url: `${base(c)}/packing/${c.packingId}`, payload: { done: true } }),
  }),
  row('DELETE /core/trips/{id}/packing/{itemId}', PARTICIPANTS, {
    request: (c) => ({ method: 'DELETE', url: `${base(c)}/packing/${c.packingId}` }),
  }),
  // The trip's places of its own: every role reads them; those who edit the trip change them.
  row('GET /core/trips/{id}/places', TRIP_ROLES),
  row('POST /core/trips/{id}/places', EDITORS, { payload: { name: 'Our flat', lat: 38.7118, lng: -9.1303 } }),
  row('PATCH /core/trips/{id}/places/{placeId}', EDITORS, {
    request: (c) => ({
      method: 'PATCH',
      url: `${base(c)}/places/${c.placeId}`,
      payload: { name: 'The flat' },
    }),
  }),
  row('DELETE /core/trips/{id}/places/{placeId}', EDITORS, {
    request: (c) => ({ method: 'DELETE', url: `${base(c)}/places/${c.placeId}` }),
  }),
  // The trip's history (decision 035): every member reads it; its author or an admin undoes.
  row('GET /core/trips/{id}/history', TRIP_ROLES),
  row('POST /core/trips/{id}/history/{entryId}/undo', ADMIN, {
    request: (c) => ({ method: 'POST', url: `${base(c)}/history/${c.entryId}/undo` }),
  }),
  // Live presence (issue 35): every member, viewer included, announces and reads it.
  row('GET /core/trips/{id}/presence', TRIP_ROLES),
  row('PUT /core/trips/{id}/presence', TRIP_ROLES, { payload: { editing: null } }),
  row('DELETE /core/trips/{id}/presence', TRIP_ROLES),
  // The trip chat (issue 21, chats module): every member reads, every role but viewer writes.
  row('GET /core/trips/{id}/chat', TRIP_ROLES),
  row('POST /core/trips/{id}/chat/messages', PARTICIPANTS, { payload: { text: 'Hi crew' }, ok: 201 }),
  row('GET /core/trips/{id}/share', ADMIN),
  row('POST /core/trips/{id}/share', ADMIN),
  row('DELETE /core/trips/{id}/share', ADMIN),
];

function expectedStatus(route: RouteCase, caller: Caller): number {
  const special = route.except?.[caller];
  if (special !== undefined) return special;
  if (caller === 'non-member') return 404;
  return route.allowed.includes(caller) ? route.ok : 403;
}

describe('trip permissions (route × role)', () => {
  let t: TestApp;
  let c: Catalogue;
  let users: Record<Caller, TestUser>;
  let spare: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    c = await loadCatalogue(t);
    coverJpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const entries: Array<[Caller, TestUser]> = [];
    for (const caller of CALLERS) entries.push([caller, await createUser(t, { name: caller })]);
    users = Object.fromEntries(entries) as Record<Caller, TestUser>;
    spare = await createUser(t, { name: 'Spare' });
    for (const role of TRIP_ROLES.filter((r) => r !== 'admin')) {
      await addCrewPair(t.database.db, users.admin.id, users[role].id);
    }
    await addCrewPair(t.database.db, users.admin.id, spare.id);
  });
  afterAll(() => t.close());

  /** A fresh trip: admin, one member per other role, two features, a note on day 1, a calendar feed. */
  async function freshCell(actor: TestUser): Promise<Cell> {
    const [kept, other, fresh] = c.lisbonFeatures as [Feature, Feature, Feature];
    const admin = users.admin;
    const tripId = await createTrip(t, admin, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(3),
      featureIds: [kept._id, other._id],
      members: TRIP_ROLES.filter((r) => r !== 'admin').map((r) => users[r].id),
    });
    for (const role of ['driver', 'guide', 'guest', 'other', 'viewer'] as const) {
      await setRole(t, admin, tripId, users[role].id, role);
    }
    const noted = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: admin.accessToken,
      payload: { date: day(1), text: 'Note' },
    });
    const noteId = (noted.json() as Planner).days[0]?.items[0]?._id ?? '';
    await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/calendar-feed`,
      token: admin.accessToken,
    });
    const invited = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/invites`,
      token: admin.accessToken,
      payload: {},
    });
    const inviteId = (invited.json() as { _id: string })._id;
    const placed = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/places`,
      token: admin.accessToken,
      payload: { name: "Friend's restaurant", link: 'geo:38.7139,-9.1334' },
    });
    const placeId = (placed.json() as { _id: string })._id;
    const packed = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/packing`,
      token: admin.accessToken,
      payload: { text: 'Tent' },
    });
    const packingId = (packed.json() as Array<{ _id: string }>)[0]?._id ?? '';
    const history = await t.request({
      method: 'GET',
      url: `/api/core/trips/${tripId}/history?limit=1`,
      token: admin.accessToken,
    });
    const entryId = (history.json() as { entries: Array<{ _id: string }> }).entries[0]?._id ?? '';
    return {
      tripId,
      actor,
      users,
      spare,
      keptFeatureId: kept._id,
      newFeatureId: fresh._id,
      noteId,
      inviteId,
      packingId,
      placeId,
      entryId,
    };
  }

  /**
   * The cell of a call that changes nothing (a refusal, or a read): one trip made once, the same
   * starting state as a fresh one. A refused write that did change it would show in the calls
   * after it; [TRIP-12] below checks that one leaves the trip as it was.
   */
  let unchanged: Promise<Cell> | undefined;
  async function cellFor(route: RouteCase, caller: Caller | 'signed-out', status: number): Promise<Cell> {
    const actor = users[caller === 'signed-out' ? 'admin' : caller];
    if (status < 400 && !route.route.startsWith('GET ')) return freshCell(actor);
    unchanged ??= freshCell(users.admin);
    return { ...(await unchanged), actor };
  }

  it('[TRIP-13] the table covers every trip route of the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The money of a trip (tag "money", expenses module) lives under the trip's path too; its
    // route × role table is the authorization matrix (authz-matrix.table.ts).
    const registered = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/core/trips'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => !(operation as { tags?: string[] }).tags?.includes('money'))
          .map(([m]) => `${m.toUpperCase()} ${path}`),
      );
    // Not about one trip: list, upcoming, create, and the public feed (its token is the key).
    const outside = [
      'GET /core/trips',
      'GET /core/trips/upcoming',
      'POST /core/trips',
      'GET /core/trips/calendar-feed/{token}',
    ];
    const covered = new Set([...ROUTES.map((r) => r.route.split(' ').slice(0, 2).join(' ')), ...outside]);
    expect([...covered].sort()).toEqual([...new Set(registered)].sort());
  });

  for (const route of ROUTES) {
    describe(route.route, () => {
      it.each(CALLERS.map((caller) => [caller, expectedStatus(route, caller)] as const))(
        `[TRIP-11] [TRIP-12] [TRIP-13] ${route.route}: %s → %i`,
        async (caller, status) => {
          const cell = await cellFor(route, caller, status);
          const res = await t.request({ ...route.request(cell), token: users[caller].accessToken });
          expect(res.statusCode, res.body).toBe(status);
          if (status === 404) expect(res.json().message).toBe('Trip not found');
          if (status === 403) expect(res.json().message).toMatch(/admin|read-only/);
        },
      );

      it(`[TRIP-13] ${route.route}: signed out → 401`, async () => {
        const cell = await cellFor(route, 'signed-out', 401);
        const res = await t.request(route.request(cell));
        expect(res.statusCode).toBe(401);
      });
    });
  }

  it('[TRIP-11] a non-member gets the same 404 for an existing and a missing trip on every route', async () => {
    const cell = await freshCell(users['non-member']);
    const missing = { ...cell, tripId: '00000000-0000-4000-8000-000000000000' };
    for (const route of ROUTES) {
      const a = await t.request({ ...route.request(cell), token: users['non-member'].accessToken });
      const b = await t.request({ ...route.request(missing), token: users['non-member'].accessToken });
      expect([a.statusCode, a.json()], route.route).toEqual([b.statusCode, b.json()]);
    }
  });

  it("[TRIP-12] a refused write changes nothing: a guest's PATCH leaves the trip as it was", async () => {
    const cell = await freshCell(users.guest);
    const before = await t.request({ method: 'GET', url: base(cell), token: users.admin.accessToken });
    const res = await t.request({
      method: 'PATCH',
      url: `/api/core/trips/update/${cell.tripId}`,
      token: users.guest.accessToken,
      payload: { tripName: 'Hijacked', startDate: day(10), endDate: day(11) },
    });
    expect(res.statusCode).toBe(403);
    const after = await t.request({ method: 'GET', url: base(cell), token: users.admin.accessToken });
    expect(after.json()).toEqual(before.json());
  });
});
