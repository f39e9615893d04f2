import type { ApiError } from '@tripcrew/contracts/common';
import type { HistoryEntry, HistoryPage } from '@tripcrew/contracts/trip-history';
import type { TripPlace } from '@tripcrew/contracts/trip-places';
import { TRIP_PLACES_MAX } from '@tripcrew/contracts/trip-places';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { tripPlaces } from '../core/trips.table.ts';
import { anaCrewTrip, setRole, useCatalogue } from '../trips.fixtures.ts';

const FLAT = { name: 'Our flat in Alfama', lat: 38.7118, lng: -9.1303 };
const GOOGLE_LINK =
  'https://www.google.com/maps/place/Taberna+da+Rua+das+Flores/@38.7095,-9.1430,17z/data=!3m1!4b1!4m6!3m5!1s0xd19347f!8m2!3d38.7093!4d-9.1425!16s%2Fg%2F1tf?entry=ttu';

describe("a trip's places of its own", () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  /** Ana (admin) and Bo (member) on a trip to Lisbon, and the URL of its places. */
  async function placesTrip() {
    const {
      ana,
      crew: [bo, cy],
      tripId,
    } = await anaCrewTrip(t, c, 2);
    return { ana, bo, cy, tripId, url: `/core/trips/${tripId}/places` };
  }

  const list = async (user: TestUser, url: string): Promise<TripPlace[]> => {
    const res = await apiCall(t, user, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TripPlace[];
  };

  const add = async (user: TestUser, url: string, body: object): Promise<TripPlace> => {
    const res = await apiCall(t, user, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TripPlace;
  };

  const history = async (user: TestUser, tripId: string): Promise<HistoryEntry[]> => {
    const res = await apiCall(t, user, 'GET', `/core/trips/${tripId}/history?kind=trip-place`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as HistoryPage).entries;
  };

  it('[PLACES-OWN-01] a member adds a place with its coordinates and details; every member reads it', async () => {
    const { ana, bo, url } = await placesTrip();
    const flat = await add(bo, url, {
      ...FLAT,
      category: 'Sights',
      address: '  Rua de São Miguel 12, Lisboa ',
      website: 'https://example.com/flat',
      phone: '+351 (21) 123-45.67',
      notes: 'Key under the mat.\nCode 1234.',
    });
    expect(flat).toMatchObject({
      name: 'Our flat in Alfama',
      // The catalogue's spelling of the category.
      category: 'sights',
      address: 'Rua de São Miguel 12, Lisboa',
      coordinates: { lat: 38.7118, lng: -9.1303 },
      website: 'https://example.com/flat',
      phone: '+351 (21) 123-45.67',
      notes: 'Key under the mat.\nCode 1234.',
      createdBy: bo.id,
      version: 1,
    });
    expect(Date.parse(flat.createdAt)).not.toBeNaN();
    expect(flat.updatedAt).toBe(flat.createdAt);
    // The least a place needs: a name and a point; a subcategory is a category too.
    const bakery = await add(ana, url, { name: 'Bakery', lat: 0, lng: 180, category: 'cafes' });
    expect(bakery).toMatchObject({
      category: 'cafes',
      address: '',
      website: null,
      phone: null,
      notes: '',
      coordinates: { lat: 0, lng: 180 },
    });
    expect(await list(ana, url)).toEqual([flat, bakery]);
  });

  it('[PLACES-OWN-02] a place added from a link takes its coordinates: a Google Maps pin (!3d!4d), a geo: URI, an OpenStreetMap link, "lat, lng" text', async () => {
    const { ana, url } = await placesTrip();
    const google = await add(ana, url, { name: 'Taberna', link: GOOGLE_LINK, category: 'restaurants' });
    // The place's own pin, not the viewport's centre (@38.7095,-9.1430).
    expect(google.coordinates).toEqual({ lat: 38.7093, lng: -9.1425 });
    const geo = await add(ana, url, { name: 'Sintra', link: 'geo:38.8029,-9.3817?z=14' });
    expect(geo.coordinates).toEqual({ lat: 38.8029, lng: -9.3817 });
    const android = await add(ana, url, { name: 'Cascais', link: 'geo:0,0?q=38.6979,-9.4215(Cascais)' });
    expect(android.coordinates).toEqual({ lat: 38.6979, lng: -9.4215 });
    const osm = await add(ana, url, {
      name: 'Belém',
      link: 'https://www.openstreetmap.org/?mlat=38.6916&mlon=-9.2160#map=17/38.69160/-9.21600',
    });
    expect(osm.coordinates).toEqual({ lat: 38.6916, lng: -9.216 });
    const text = await add(ana, url, { name: 'Évora', link: '38.5714, -7.9135' });
    expect(text.coordinates).toEqual({ lat: 38.5714, lng: -7.9135 });
    // A link moves a place too.
    const moved = await apiCall(t, ana, 'PATCH', `${url}/${text._id}`, { link: 'geo:38.57,-7.91' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as TripPlace).coordinates).toEqual({ lat: 38.57, lng: -7.91 });
  });

  it('[PLACES-OWN-03] edits from one version merge field by field; the same field changed since is a 409 and writes nothing', async () => {
    const { ana, bo, tripId, url } = await placesTrip();
    const flat = await add(ana, url, FLAT);
    const renamed = await apiCall(t, ana, 'PATCH', `${url}/${flat._id}`, { name: 'The flat', version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'The flat', version: 2 });
    // Bo edited from version 1 too: his notes merge with Ana's new name.
    const noted = await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, { notes: 'Third floor', version: 1 });
    expect(noted.statusCode, noted.body).toBe(200);
    const merged = noted.json() as TripPlace;
    expect(merged).toMatchObject({ name: 'The flat', notes: 'Third floor', version: 3 });
    expect(Date.parse(merged.updatedAt)).toBeGreaterThanOrEqual(Date.parse(flat.updatedAt));

    // The same field from version 1: 409 naming Ana, with the place as it is now.
    const clash = await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, { name: "Bo's flat", version: 1 });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json() as ApiError).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: 'Ana Silva changed this while you were editing.',
      conflict: {
        kind: 'trip-place',
        recordId: flat._id,
        version: 3,
        fields: ['name'],
        current: { name: 'The flat', notes: 'Third floor', version: 3 },
      },
    });

    // The point is one value: Ana moves it (longitude only), Bo's move from before (latitude only) clashes.
    const east = await apiCall(t, ana, 'PATCH', `${url}/${flat._id}`, {
      lat: FLAT.lat,
      lng: -9.12,
      version: 3,
    });
    expect(east.statusCode, east.body).toBe(200);
    const north = await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, {
      lat: 38.72,
      lng: FLAT.lng,
      website: 'http://flat.example.org',
      version: 3,
    });
    expect(north.statusCode, north.body).toBe(409);
    const [now] = await list(bo, url);
    expect(now).toMatchObject({
      name: 'The flat',
      coordinates: { lat: FLAT.lat, lng: -9.12 },
      website: null,
      version: 4,
    });
    // Clearing optional fields: null (or '') is none.
    const cleared = await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, {
      website: 'https://flat.example.org',
      phone: '',
      category: 'parks',
      version: 4,
    });
    expect(cleared.json()).toMatchObject({
      website: 'https://flat.example.org',
      phone: null,
      category: 'parks',
    });
    const none = await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, { category: null, website: null });
    expect(none.json()).toMatchObject({ website: null, category: null, version: 6 });
    expect((await history(ana, tripId)).filter((e) => e.action === 'changed')).toHaveLength(5);
  });

  it('[PLACES-OWN-04] places list oldest first; a removed place leaves the list; an unknown one is a 404', async () => {
    const { ana, bo, url } = await placesTrip();
    const first = await add(ana, url, { ...FLAT, name: 'First' });
    const second = await add(bo, url, { ...FLAT, name: 'Second' });
    const third = await add(ana, url, { ...FLAT, name: 'Third' });
    expect((await list(bo, url)).map((p) => p.name)).toEqual(['First', 'Second', 'Third']);
    // A change keeps a place where it was.
    await apiCall(t, bo, 'PATCH', `${url}/${first._id}`, { name: 'First, renamed' });

    const removed = await apiCall(t, bo, 'DELETE', `${url}/${second._id}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { ok: true }]);
    expect((await list(ana, url)).map((p) => p._id)).toEqual([first._id, third._id]);
    expect((await apiCall(t, bo, 'DELETE', `${url}/${second._id}`)).statusCode).toBe(404);
    expect((await apiCall(t, bo, 'PATCH', `${url}/${second._id}`, { name: 'Back' })).statusCode).toBe(404);
    expect((await apiCall(t, bo, 'DELETE', `${url}/not-a-uuid`)).statusCode).toBe(404);
    expect((await list(ana, url)).map((p) => p.name)).toEqual(['First, renamed', 'Third']);
  });

  it('[PLACES-OWN-05] bad input answers 400 naming the problem, and writes nothing', async () => {
    const { ana, tripId, url } = await placesTrip();
    const kept = await add(ana, url, FLAT);
    const cases: Array<[object, RegExp]> = [
      [{ name: 'North', lat: 91, lng: 0 }, /Latitude must be between -90 and 90/],
      [{ name: 'West', lat: 0, lng: -181 }, /Longitude must be between -180 and 180/],
      [{ name: 'Half', lat: 38.7 }, /both the latitude \(lat\) and the longitude \(lng\)/],
      [{ name: 'Shop', link: 'https://maps.app.goo.gl/AbCdEf123' }, /^This link holds no coordinates: /],
      [{ name: 'Shop', link: 'https://example.com/somewhere' }, /^This link holds no coordinates: /],
      [{ name: 'Pole', link: '95.1, 10' }, /coordinates are out of range/],
      [{ ...FLAT, category: 'Spaceports' }, /Unknown category "Spaceports"/],
      [{ ...FLAT, website: 'ftp://example.com' }, /A website is an http\(s\) address/],
      [{ ...FLAT, website: 'not a site' }, /A website is an http\(s\) address/],
      [{ ...FLAT, phone: 'call me maybe' }, /A phone number holds only digits/],
      [{ ...FLAT, link: 'geo:38.7,-9.1' }, /lat and lng, or a map link, not both/],
      [{ name: 'Nowhere' }, /Give the place's point: lat and lng, or a map link/],
      [{ ...FLAT, name: '  ' }, /Name the place|visible character/],
      [{ ...FLAT, name: 'x'.repeat(121) }, /at most 120 characters/],
      [{ ...FLAT, notes: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ ...FLAT, address: 'x'.repeat(301) }, /at most 300 characters/],
      [{ ...FLAT, _id: 'not-a-uuid' }, /must be a UUID/],
      [{ ...FLAT, colour: 'red' }, /Unknown body field colour/],
    ];
    for (const [body, message] of cases) {
      const res = await apiCall(t, ana, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as ApiError).message, JSON.stringify(body)).toMatch(message);
    }
    const edits: Array<[object, RegExp]> = [
      [{}, /Nothing to update/],
      [{ version: 1 }, /Nothing to update/],
      [{ lat: 91, lng: 0 }, /Latitude must be between -90 and 90/],
      [{ lng: 10 }, /both the latitude/],
      [{ link: 'https://example.com' }, /^This link holds no coordinates: /],
      [{ category: 'spaceports' }, /Unknown category/],
      [{ lat: 1, lng: 1, link: '1, 1' }, /not both/],
      [{ name: 'Moved', version: 7 }, /starts from version 7, but the newest is 1/],
    ];
    for (const [body, message] of edits) {
      const res = await apiCall(t, ana, 'PATCH', `${url}/${kept._id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as ApiError).message, JSON.stringify(body)).toMatch(message);
    }
    expect(await list(ana, url)).toEqual([kept]);
    expect(await history(ana, tripId)).toHaveLength(1);
  });

  it('[PLACES-OWN-06] a client id makes an offline add replayable: the same id again is a 409; a full trip is a 400', async () => {
    const { ana, bo, tripId, url } = await placesTrip();
    const id = '7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b';
    const flat = await add(ana, url, { ...FLAT, _id: id });
    expect(flat._id).toBe(id);
    const again = await apiCall(t, bo, 'POST', url, { ...FLAT, _id: id, name: 'Other' });
    expect(again.statusCode, again.body).toBe(409);
    expect(await list(ana, url)).toEqual([flat]);

    const rows = Array.from({ length: TRIP_PLACES_MAX - 1 }, (_, i) => ({
      tripId,
      name: `Place ${i}`,
      lat: 0,
      lng: 0,
    }));
    await t.database.db.insert(tripPlaces).values(rows);
    const full = await apiCall(t, ana, 'POST', url, FLAT);
    expect([full.statusCode, (full.json() as ApiError).message]).toEqual([
      400,
      `A trip has at most ${TRIP_PLACES_MAX} places of its own.`,
    ]);
    expect(await list(ana, url)).toHaveLength(TRIP_PLACES_MAX);
  });

  it('[PLACES-OWN-07] guests and viewers read the places; each write answers them 403 and writes nothing; a stranger gets 404', async () => {
    const { ana, bo, cy, tripId, url } = await placesTrip();
    const stranger = await createUser(t);
    await setRole(t, ana, tripId, bo.id, 'guest');
    await setRole(t, ana, tripId, cy.id, 'viewer');
    const flat = await add(ana, url, FLAT);
    const before = await list(ana, url);

    for (const reader of [bo, cy]) {
      expect(await list(reader, url)).toEqual(before);
      const writes = [
        ['POST', url, { name: 'Mine', lat: 1, lng: 1 }],
        // The role is judged before the input: a bad link or category is still a 403.
        ['POST', url, { name: 'Mine', link: 'https://example.com' }],
        ['POST', url, { name: 'Mine', lat: 1, lng: 1, category: 'spaceports' }],
        ['PATCH', `${url}/${flat._id}`, { name: 'Mine' }],
        ['PATCH', `${url}/00000000-0000-4000-8000-000000000000`, { name: 'Mine' }],
        ['DELETE', `${url}/${flat._id}`, undefined],
      ] as const;
      for (const [method, path, body] of writes) {
        const refused = await apiCall(t, reader, method, path, body);
        expect([refused.statusCode, refused.json().message], `${method} ${JSON.stringify(body)}`).toEqual([
          403,
          'Your role in this trip is read-only: you cannot change its places.',
        ]);
      }
    }
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['POST', url, FLAT],
      ['PATCH', `${url}/${flat._id}`, { name: 'Mine' }],
      ['DELETE', `${url}/${flat._id}`, undefined],
    ] as const) {
      const res = await apiCall(t, stranger, method, path, body);
      expect([res.statusCode, res.json().message], method).toEqual([404, 'Trip not found']);
    }
    expect(await list(ana, url)).toEqual(before);
    expect(await history(ana, tripId)).toHaveLength(1);
  });

  it('[PLACES-OWN-08] the history has an entry for each add, change and removal, and each can be undone', async () => {
    const { ana, bo, tripId, url } = await placesTrip();
    const flat = await add(bo, url, { ...FLAT, category: 'gardens' });
    await apiCall(t, bo, 'PATCH', `${url}/${flat._id}`, { name: 'The flat', lat: 38.7, lng: -9.1 });
    const cafe = await add(ana, url, { name: 'Café', lat: 38.71, lng: -9.14 });
    await apiCall(t, ana, 'DELETE', `${url}/${cafe._id}`);

    const entries = await history(bo, tripId);
    expect(entries.map((e) => [e.action, e.label, e.by?._id, e.fields])).toEqual([
      ['removed', 'Café', ana.id, []],
      ['added', 'Café', ana.id, []],
      ['changed', 'Our flat in Alfama', bo.id, ['name', 'lat', 'lng']],
      ['added', 'Our flat in Alfama', bo.id, []],
    ]);
    const [removal, , change, addition] = entries as [HistoryEntry, HistoryEntry, HistoryEntry, HistoryEntry];
    expect(addition).toMatchObject({
      kind: 'trip-place',
      recordId: flat._id,
      after: { name: 'Our flat in Alfama', category: 'gardens', lat: FLAT.lat, lng: FLAT.lng, notes: '' },
    });
    expect(change).toMatchObject({
      before: { name: 'Our flat in Alfama', lat: FLAT.lat, lng: FLAT.lng },
      after: { name: 'The flat', lat: 38.7, lng: -9.1 },
      canUndo: true,
    });
    expect(removal.before).toMatchObject({ name: 'Café', lat: 38.71, lng: -9.14 });

    // Undo: the removed café comes back with its id, the change goes back, the addition goes.
    const undo = (entry: HistoryEntry) =>
      apiCall(t, ana, 'POST', `/core/trips/${tripId}/history/${entry._id}/undo`);
    expect((await undo(removal)).statusCode).toBe(200);
    expect((await list(ana, url)).map((p) => [p._id, p.name])).toEqual([
      [flat._id, 'The flat'],
      [cafe._id, 'Café'],
    ]);
    const undone = await undo(change);
    expect(undone.statusCode, undone.body).toBe(200);
    const [back] = await list(ana, url);
    expect(back).toMatchObject({ name: 'Our flat in Alfama', coordinates: { lat: FLAT.lat, lng: FLAT.lng } });
    expect((await undo(addition)).statusCode).toBe(200);
    expect((await list(ana, url)).map((p) => p.name)).toEqual(['Café']);
    // Undone once: a second undo is a 409.
    expect((await undo(addition)).statusCode).toBe(409);
  });
});
