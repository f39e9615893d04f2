import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { Trip } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, createTrip, day, getTrip, setRole, useCatalogue } from '../trips.fixtures.ts';

/** TP 1350, Lisbon → New York, on a day far ahead (the tests run on the real clock). */
const FLIGHT = {
  kind: 'flight',
  carrier: 'TP',
  number: '1350',
  start: { local: '2031-01-10T07:40', place: { iata: 'LIS' } },
  end: { local: '2031-01-10T10:30', place: { iata: 'JFK' } },
};
/** A stay in Porto, after the flight. */
const STAY = {
  kind: 'lodging',
  title: 'Casa do Rio',
  start: { local: '2031-01-12T15:00', zone: 'Europe/Lisbon', place: { name: 'Casa do Rio' } },
};
/** A dinner long past. */
const PAST_DINNER = {
  kind: 'restaurant',
  title: 'Cervejaria Ramiro',
  start: { local: '2020-03-01T20:00', zone: 'Europe/Lisbon' },
};

describe("the trip lists' next booking", () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  const add = async (user: TestUser, tripId: string, body: object): Promise<TripBooking> => {
    const res = await apiCall(t, user, 'POST', `/core/trips/${tripId}/bookings`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TripBooking;
  };
  const list = async (user: TestUser, path: '/core/trips' | '/core/trips/upcoming'): Promise<Trip[]> => {
    const res = await apiCall(t, user, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Trip[];
  };
  const listed = async (user: TestUser, path: '/core/trips' | '/core/trips/upcoming', tripId: string) =>
    (await list(user, path)).find((trip) => trip._id === tripId);

  it('[BOOKINGS-NEXT-01] a trip with a past booking and two ahead lists the soonest ahead, in both lists', async () => {
    const {
      ana,
      crew: [bo],
      tripId,
    } = await anaCrewTrip(t, c, 1);
    // Added out of order: the later stay first, then the past dinner, then the flight.
    await add(ana, tripId, STAY);
    await add(bo, tripId, PAST_DINNER);
    const flight = await add(ana, tripId, FLIGHT);

    const expected = {
      _id: flight._id,
      kind: 'flight',
      title: 'Flight TP 1350',
      carrier: 'TP',
      number: '1350',
      startLocal: '2031-01-10T07:40',
      startZone: 'Europe/Lisbon',
      startAt: '2031-01-10T07:40:00.000Z',
      placeName: flight.start.place?.name ?? 'LIS',
    };
    expect((await listed(ana, '/core/trips', tripId))?.next).toEqual(expected);
    expect((await listed(ana, '/core/trips/upcoming', tripId))?.next).toEqual(expected);
    expect(expected.placeName).not.toBe('');

    // Once the flight is gone, the stay is next (with the place named as given).
    const removed = await apiCall(t, ana, 'DELETE', `/core/trips/${tripId}/bookings/${flight._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed(bo, '/core/trips', tripId))?.next).toMatchObject({
      kind: 'lodging',
      title: 'Casa do Rio',
      carrier: '',
      number: '',
      startLocal: '2031-01-12T15:00',
      startZone: 'Europe/Lisbon',
      startAt: '2031-01-12T15:00:00.000Z',
      placeName: 'Casa do Rio',
    });
  });

  it('[BOOKINGS-NEXT-02] a trip without bookings, or with past ones only, lists next: null; one trip read leaves it out', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const empty = await createTrip(t, ana, { placeId: c.lisbon._id });
    const onlyPast = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(5) });
    await add(ana, onlyPast, PAST_DINNER);

    const trips = await list(ana, '/core/trips');
    expect(trips.map((trip) => [trip._id, trip.next])).toEqual(
      expect.arrayContaining([
        [empty, null],
        [onlyPast, null],
      ]),
    );
    for (const trip of await list(ana, '/core/trips/upcoming')) expect(trip.next).toBeNull();
    // GET of one trip has no next booking (the lists alone carry it).
    expect(await getTrip(t, ana, empty)).not.toHaveProperty('next');
  });

  it('[BOOKINGS-NEXT-03] a viewer of the trip sees its next booking, even one kept off the share page', async () => {
    const {
      ana,
      crew: [bo],
      tripId,
    } = await anaCrewTrip(t, c, 1);
    await setRole(t, ana, tripId, bo.id, 'viewer');
    const flight = await add(ana, tripId, { ...FLIGHT, hiddenFromShare: true });

    expect((await listed(bo, '/core/trips', tripId))?.next?._id).toBe(flight._id);
    expect((await listed(bo, '/core/trips/upcoming', tripId))?.next?._id).toBe(flight._id);
  });

  it("[BOOKINGS-NEXT-04] another user's trip and its bookings do not leak into a list", async () => {
    const { ana, tripId } = await anaCrewTrip(t, c, 1);
    await add(ana, tripId, FLIGHT);
    const dan = await createUser(t, { name: 'Dan' });
    const dansTrip = await createTrip(t, dan, { placeId: c.lisbon._id });

    for (const path of ['/core/trips', '/core/trips/upcoming'] as const) {
      const trips = await list(dan, path);
      expect(trips.map((trip) => [trip._id, trip.next])).toEqual([[dansTrip, null]]);
    }
    // And Ana's list holds her trip alone, with her flight.
    const anas = await list(ana, '/core/trips');
    expect(anas.map((trip) => trip._id)).toEqual([tripId]);
    expect(anas[0]?.next?.title).toBe('Flight TP 1350');
  });
});
