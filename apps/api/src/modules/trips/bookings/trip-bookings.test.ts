import type { ApiError } from '@tripcrew/contracts/common';
import type { HistoryPage } from '@tripcrew/contracts/trip-history';
import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { tripBookings } from '../core/trips.table.ts';
import { anaCrewTrip, setRole, useCatalogue } from '../trips.fixtures.ts';

/** TP 1350 as a group would enter it: Lisbon 10:00 → New York 12:50, local times. */
const FLIGHT = {
  kind: 'flight',
  carrier: 'TP',
  number: '1350',
  confirmationCode: 'X7K2QP',
  seat: '23C',
  start: { local: '2031-01-10T10:00', place: { iata: 'lis' } },
  end: { local: '2031-01-10T12:50', place: { iata: 'JFK' } },
};

describe("a trip's bookings", () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  async function bookingsTrip() {
    const {
      ana,
      crew: [bo, cy],
      tripId,
    } = await anaCrewTrip(t, c, 2);
    return { ana, bo, cy, tripId, url: `/core/trips/${tripId}/bookings` };
  }

  const add = async (user: TestUser, url: string, body: object): Promise<TripBooking> => {
    const res = await apiCall(t, user, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TripBooking;
  };
  const refused = async (user: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => {
    const res = await apiCall(t, user, method, url, body);
    return { status: res.statusCode, error: res.json() as ApiError };
  };

  it('[BOOKINGS-01] a flight keeps its local times and airport zones; the duration across zones is right', async () => {
    const { bo, ana, url } = await bookingsTrip();
    const flight = await add(bo, url, { ...FLIGHT, travellers: [bo.id, ana.id] });
    expect(flight).toMatchObject({
      kind: 'flight',
      title: 'Flight TP 1350',
      carrier: 'TP',
      number: '1350',
      confirmationCode: 'X7K2QP',
      seat: '23C',
      createdBy: bo.id,
      version: 1,
      hiddenFromShare: false,
      start: {
        local: '2031-01-10T10:00',
        zone: 'Europe/Lisbon',
        at: '2031-01-10T10:00:00.000Z',
        place: { iata: 'LIS' },
      },
      end: { local: '2031-01-10T12:50', zone: 'America/New_York', at: '2031-01-10T17:50:00.000Z' },
    });
    expect(flight.start.place?.coordinates?.lat).toBeCloseTo(38.78, 1);
    expect(flight.travellers.sort()).toEqual([ana.id, bo.id].map((id) => id.toLowerCase()).sort());
    // Lisbon 10:00 WET → New York 12:50 EST is 7 h 50.
    expect((Date.parse(flight.end?.at ?? '') - Date.parse(flight.start.at)) / 60_000).toBe(470);
    const list = (await apiCall(t, ana, 'GET', url)).json() as TripBooking[];
    expect(list.map((b) => b._id)).toEqual([flight._id]);
  });

  it('[BOOKINGS-02] the zone comes from the place point, or as given; a DST change and the date line are right', async () => {
    const { ana, url } = await bookingsTrip();
    // A stay in Porto across the night clocks go back (2031-10-26 in Europe/Lisbon).
    const stay = await add(ana, url, {
      kind: 'lodging',
      start: { local: '2031-10-25T15:00', place: { name: 'Casa do Rio', lat: 41.1408, lng: -8.6113 } },
      end: { local: '2031-10-27T11:00' },
    });
    expect(stay.title).toBe('Casa do Rio');
    expect(stay.start).toMatchObject({ zone: 'Europe/Lisbon', at: '2031-10-25T14:00:00.000Z' });
    // The end happens where the start does; on the 27th Lisbon is on winter time again.
    expect(stay.end).toMatchObject({ zone: 'Europe/Lisbon', at: '2031-10-27T11:00:00.000Z' });
    // Auckland 2031-01-12 09:00 → Honolulu 2031-01-11 15:30: arrives the day before, 10 h 30 later.
    const dateLine = await add(ana, url, {
      kind: 'flight',
      carrier: 'NZ',
      number: '10',
      start: { local: '2031-01-12T09:00', zone: 'Pacific/Auckland' },
      end: { local: '2031-01-11T15:30', zone: 'Pacific/Honolulu' },
    });
    expect(dateLine.start.at).toBe('2031-01-11T20:00:00.000Z');
    expect(dateLine.end?.at).toBe('2031-01-12T01:30:00.000Z');
    // Listed soonest first, by instant.
    const list = (await apiCall(t, ana, 'GET', url)).json() as TripBooking[];
    expect(list.map((b) => b._id)).toEqual([dateLine._id, stay._id]);
  });

  it('[BOOKINGS-03] bad times, places and travellers are 400s naming the problem, nothing written', async () => {
    const { ana, cy, tripId, url } = await bookingsTrip();
    const stranger = await createUser(t, { name: 'Zed' });
    const cases: [object, RegExp][] = [
      [
        { ...FLIGHT, end: { local: '2031-01-10T09:00', zone: 'Europe/Lisbon' } },
        /arrival .* is before the departure/,
      ],
      [
        { ...FLIGHT, start: { local: '2031-01-10T10:00', place: { iata: 'QQX' } } },
        /Unknown airport code QQX/,
      ],
      [{ kind: 'train', start: { local: '2031-01-10T10:00', zone: 'Mars/Olympus' } }, /Unknown time zone/],
      [{ kind: 'train', start: { local: '2031-01-10T10:00' } }, /Give the time zone of the departure/],
      [{ kind: 'train', start: { local: '2031-02-30T10:00', zone: 'UTC' } }, /a day that exists/],
      [
        { kind: 'train', start: { local: '2031-01-10T10:00', place: { name: 'X', lat: 91, lng: 0 } } },
        /Latitude/,
      ],
      [{ ...FLIGHT, travellers: [stranger.id] }, /not a member of this trip/],
      [{ ...FLIGHT, cost: { amount: '12.505', currency: 'EUR' } }, /decimals|EUR/],
      [{ ...FLIGHT, kind: 'spaceship' }, /kind is one of/],
    ];
    for (const [body, message] of cases) {
      const { status, error } = await refused(ana, 'POST', url, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(error.message).toMatch(message);
    }
    // A guest (read-only) is refused before the input is read.
    await setRole(t, ana, tripId, cy.id, 'guest');
    expect(
      (
        await refused(cy, 'POST', url, {
          ...FLIGHT,
          start: { local: '2031-01-10T10:00', place: { iata: 'QQX' } },
        })
      ).status,
    ).toBe(403);
    const rows = await t.database.db.select().from(tripBookings);
    expect(rows.filter((row) => row.tripId === tripId)).toEqual([]);
  });

  it('[BOOKINGS-04] members change their own bookings, admins every one; only an admin hides one from the share page', async () => {
    const { ana, bo, cy, url } = await bookingsTrip();
    const bos = await add(bo, url, FLIGHT);
    const anas = await add(ana, url, {
      kind: 'restaurant',
      partySize: 4,
      start: { local: '2031-01-11T20:00', zone: 'Europe/Lisbon' },
    });
    // Cy (member) may neither change nor remove what others added.
    expect((await refused(cy, 'PATCH', `${url}/${bos._id}`, { seat: '1A' })).status).toBe(403);
    expect((await refused(cy, 'DELETE', `${url}/${anas._id}`)).status).toBe(403);
    // Bo changes his own; hiding it from the share page is the admins'.
    const moved = await apiCall(t, bo, 'PATCH', `${url}/${bos._id}`, { seat: '1A', version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ seat: '1A', version: 2 });
    const hide = await refused(bo, 'PATCH', `${url}/${bos._id}`, { hiddenFromShare: true });
    expect(hide.status).toBe(403);
    expect(hide.error.message).toMatch(/Only an admin/);
    // Ana (admin) changes Bo's, and removes it.
    const hidden = await apiCall(t, ana, 'PATCH', `${url}/${bos._id}`, { hiddenFromShare: true });
    expect(hidden.json()).toMatchObject({ hiddenFromShare: true, version: 3 });
    expect((await apiCall(t, bo, 'DELETE', `${url}/${anas._id}`)).statusCode).toBe(403);
    expect((await apiCall(t, ana, 'DELETE', `${url}/${bos._id}`)).statusCode).toBe(200);
    expect((await apiCall(t, ana, 'PATCH', `${url}/${bos._id}`, { seat: '2B' })).statusCode).toBe(404);
  });

  it('[BOOKINGS-05] a stale edit of the same field is a conflict; other fields merge; the history keeps each change', async () => {
    const { ana, bo, tripId, url } = await bookingsTrip();
    const flight = await add(bo, url, FLIGHT);
    const first = await apiCall(t, ana, 'PATCH', `${url}/${flight._id}`, {
      end: { local: '2031-01-10T13:20', place: { iata: 'JFK' } },
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ end: { at: '2031-01-10T18:20:00.000Z' }, version: 2 });
    // Bo, from version 1, changes the arrival too: 409 naming it; his seat change alone merges.
    const stale = await apiCall(t, bo, 'PATCH', `${url}/${flight._id}`, {
      end: { local: '2031-01-10T12:55', place: { iata: 'JFK' } },
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      conflict: { kind: 'booking', fields: ['end'] },
    });
    const merged = await apiCall(t, bo, 'PATCH', `${url}/${flight._id}`, { seat: '2F', version: 1 });
    expect(merged.json()).toMatchObject({ seat: '2F', end: { local: '2031-01-10T13:20' }, version: 3 });
    const history = (
      await apiCall(t, ana, 'GET', `/core/trips/${tripId}/history?kind=booking`)
    ).json() as HistoryPage;
    expect(history.entries.map((entry) => [entry.action, entry.fields])).toEqual([
      ['changed', ['seat']],
      ['changed', ['end']],
      ['added', []],
    ]);
    expect(history.entries[0]?.canUndo).toBe(false);
  });

  it('[BOOKINGS-07] the other members are told of a booking added, moved or removed, not of a detail changed', async () => {
    const { ana, bo, cy, url } = await bookingsTrip();
    const train = await add(bo, url, {
      kind: 'train',
      title: 'Train to Porto',
      start: { local: '2031-01-12T09:00', zone: 'Europe/Lisbon' },
    });
    await apiCall(t, bo, 'PATCH', `${url}/${train._id}`, { seat: '12' });
    await apiCall(t, bo, 'PATCH', `${url}/${train._id}`, {
      start: { local: '2031-01-12T10:00', zone: 'Europe/Lisbon' },
    });
    await apiCall(t, bo, 'DELETE', `${url}/${train._id}`);
    const shorts = async (user: TestUser) =>
      ((await apiCall(t, user, 'GET', '/users/notifications')).json() as { short: string; kind: string }[])
        .filter((n) => n.kind === 'trip-booking')
        .map((n) => n.short);
    for (const member of [ana, cy]) {
      expect((await shorts(member)).sort()).toEqual(
        [
          expect.stringMatching(/ added a train booking in /),
          expect.stringMatching(/ changed the times of a train booking in /),
          expect.stringMatching(/ removed a train booking in /),
        ].sort(),
      );
    }
    expect(await shorts(bo)).toEqual([]);
  });

  it('[BOOKINGS-06] viewers and non-members: viewers read every field; strangers learn nothing', async () => {
    const { ana, cy, tripId, url } = await bookingsTrip();
    await add(ana, url, { ...FLIGHT, cost: { amount: '412.30', currency: 'EUR' } });
    await setRole(t, ana, tripId, cy.id, 'viewer');
    const seen = (await apiCall(t, cy, 'GET', url)).json() as TripBooking[];
    expect(seen[0]).toMatchObject({
      confirmationCode: 'X7K2QP',
      cost: { amount: '412.30', currency: 'EUR' },
    });
    const stranger = await createUser(t, { name: 'Zed' });
    expect((await apiCall(t, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await apiCall(t, stranger, 'POST', url, FLIGHT)).statusCode).toBe(404);
  });
});
