import type { Feature } from '@tripcrew/contracts/features';
import type { CreateTripBookingBody, TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { OptimiseDayResponse, RouteDay, TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { haversineM, type LngLat } from '../routes/route-estimates.ts';
import { createTrip, day, openAllDay, useCatalogue } from '../trips.fixtures.ts';

/** Humberto Delgado Airport, as the airport data has it. */
const LIS = { lat: 38.7813, lng: -9.13592 };
const SANTA_APOLONIA = { name: 'Santa Apolónia', lat: 38.7137, lng: -9.1227 };
const PORTO = { name: 'Porto Campanhã', lat: 41.1486, lng: -8.5856 };

describe('transport is a leg between days: its arrival starts a day, its departure ends one', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  const located = () => c.lisbonFeatures.filter((f) => f.coordinates);

  /** A three-day trip to Lisbon (days 1 to 3) with `stops` on day 2, in that order. */
  async function tripWithStops(stops: Feature[]) {
    const ana = await createUser(t);
    const tripId = await createTrip(t, ana, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(3),
      featureIds: stops.map((f) => f._id),
      transportMode: 'private',
    });
    const planner = await expectJson<Planner>(call(ana, 'GET', `/core/trips/${tripId}/planner`));
    const itemIds = stops.map((f) => planner.tray.find((item) => item.feature?._id === f._id)?._id as string);
    for (const [index, itemId] of itemIds.entries()) {
      await expectJson(
        call(ana, 'POST', `/core/trips/${tripId}/planner/items/${itemId}/move`, { date: day(2), index }),
      );
    }
    await openAllDay(t, ana, tripId);
    return { ana, tripId, itemIds };
  }

  const book = (ana: TestUser, tripId: string, body: CreateTripBookingBody) =>
    expectJson<TripBooking>(call(ana, 'POST', `/core/trips/${tripId}/bookings`, body));

  /** A flat in Lisbon from `inDay` 15:00 to `outDay` 11:00, at `point`. */
  const flat = (
    ana: TestUser,
    tripId: string,
    inDay: string,
    outDay: string,
    point = located()[0]?.coordinates,
  ) =>
    book(ana, tripId, {
      kind: 'lodging',
      title: 'Our flat',
      start: { local: `${inDay}T15:00`, place: { name: 'Our flat', lat: point?.lat, lng: point?.lng } },
      end: { local: `${outDay}T11:00` },
    });

  const routesOf = async (ana: TestUser, tripId: string): Promise<Map<string, RouteDay>> => {
    const routes = await expectJson<TripRoutes>(call(ana, 'GET', `/core/trips/${tripId}/routes`));
    return new Map(routes.days.map((d) => [d.date, d]));
  };
  const pairs = (routeDay: RouteDay | undefined) =>
    routeDay?.legs.map((leg) => [leg.fromItemId, leg.toItemId]);

  it('[BOOKINGS-LEGS-01] a day with a morning arrival by (night) train starts its route at the station', async () => {
    const { ana, tripId, itemIds } = await tripWithStops(located().slice(0, 2));
    const train = await book(ana, tripId, {
      kind: 'train',
      title: 'Night train',
      start: { local: `${day(1)}T22:30`, place: PORTO },
      end: { local: `${day(2)}T07:10`, place: SANTA_APOLONIA },
    });
    // Checked into on day 2: the night's home, not the morning's.
    const stay = await flat(ana, tripId, day(2), day(3));
    const days = await routesOf(ana, tripId);
    const second = days.get(day(2));
    expect(second?.home.start).toEqual({
      bookingId: train._id,
      kind: 'train',
      name: 'Santa Apolónia',
      iata: null,
      coordinates: { lat: SANTA_APOLONIA.lat, lng: SANTA_APOLONIA.lng },
    });
    expect(second?.home.end).toMatchObject({ bookingId: stay._id, kind: 'lodging', name: 'Our flat' });
    expect(pairs(second)).toEqual([
      [train._id, itemIds[0]],
      [itemIds[0], itemIds[1]],
      [itemIds[1], stay._id],
    ]);
    // The evening it leaves Porto, with no lodging that night, the day ends at its departure.
    expect(days.get(day(1))?.home).toMatchObject({
      start: null,
      end: { bookingId: train._id, kind: 'train', name: 'Porto Campanhã' },
    });
    expect(days.get(day(1))?.legs).toEqual([]);
  });

  it('[BOOKINGS-LEGS-02] a departure day ends at the airport; the arrival day starts at the other one', async () => {
    const { ana, tripId, itemIds } = await tripWithStops(located().slice(0, 2));
    const flight = await book(ana, tripId, {
      kind: 'flight',
      title: 'Lisbon to New York',
      start: { local: `${day(2)}T21:40`, place: { iata: 'LIS' } },
      end: { local: `${day(3)}T06:10`, place: { iata: 'JFK' } },
    });
    const days = await routesOf(ana, tripId);
    const second = days.get(day(2));
    expect(second?.home.start).toBeNull();
    expect(second?.home.end).toEqual({
      bookingId: flight._id,
      kind: 'flight',
      name: flight.start.place?.name,
      iata: 'LIS',
      coordinates: LIS,
    });
    expect(pairs(second)).toEqual([
      [itemIds[0], itemIds[1]],
      [itemIds[1], flight._id],
    ]);
    expect(second?.totalDistanceM).toBe(second?.legs.reduce((sum, leg) => sum + leg.distanceM, 0));
    expect(days.get(day(3))?.home).toMatchObject({
      start: { bookingId: flight._id, kind: 'flight', iata: 'JFK', name: flight.end?.place?.name },
      end: null,
    });
  });

  it('[BOOKINGS-LEGS-03] with lodging the night before and an evening flight out, the day ends at the airport; Optimise too', async () => {
    const stops = located();
    // The stop nearest the airport and the one farthest from it, where the flat is, and another.
    const byAirport = [...stops].sort(
      (a, b) => haversineM(a.coordinates as LngLat, LIS) - haversineM(b.coordinates as LngLat, LIS),
    );
    const near = byAirport[0] as Feature;
    const far = byAirport.at(-1) as Feature;
    const middle = byAirport[Math.floor(byAirport.length / 2)] as Feature;
    const { ana, tripId, itemIds } = await tripWithStops([near, middle, far]);
    const stay = await flat(ana, tripId, day(1), day(2), far.coordinates ?? undefined);
    const flight = await book(ana, tripId, {
      kind: 'flight',
      title: 'Home',
      start: { local: `${day(2)}T19:05`, place: { iata: 'LIS' } },
      end: { local: `${day(2)}T21:50`, place: { iata: 'JFK' } },
    });
    const second = (await routesOf(ana, tripId)).get(day(2));
    // Arriving the same evening does not move the start: the flat of the night before wins.
    expect(second?.home.start).toMatchObject({ bookingId: stay._id, kind: 'lodging' });
    expect(second?.home.end).toMatchObject({ bookingId: flight._id, kind: 'flight', iata: 'LIS' });
    expect(second?.legs[0]?.fromItemId).toBe(stay._id);
    expect(second?.legs.at(-1)?.toItemId).toBe(flight._id);

    const [nearId, , farId] = itemIds;
    const result = await expectJson<OptimiseDayResponse>(
      call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(2)}/optimise`, { apply: false }),
    );
    // From the flat (by the farthest stop) to the airport (by the nearest).
    expect(result.itemIds[0]).toBe(farId);
    expect(result.itemIds.at(-1)).toBe(nearId);
    expect(result.afterM).toBeLessThan(result.beforeM);
  });

  it('[BOOKINGS-LEGS-04] a day with only lodging is unchanged, and a day trip by train comes back to it', async () => {
    const { ana, tripId, itemIds } = await tripWithStops(located().slice(0, 2));
    const stay = await flat(ana, tripId, day(1), day(3));
    const out = { name: 'Sintra', lat: 38.7987, lng: -9.3876 };
    const trains = [
      {
        start: { local: `${day(2)}T09:00`, place: SANTA_APOLONIA },
        end: { local: `${day(2)}T09:40`, place: out },
      },
      {
        start: { local: `${day(2)}T18:00`, place: out },
        end: { local: `${day(2)}T18:40`, place: SANTA_APOLONIA },
      },
    ];
    const before = await routesOf(ana, tripId);
    for (const train of trains) await book(ana, tripId, { kind: 'train', title: 'To Sintra', ...train });
    const after = await routesOf(ana, tripId);
    for (const date of [day(1), day(2), day(3)]) {
      expect(after.get(date)?.home).toEqual(before.get(date)?.home);
      expect(pairs(after.get(date))).toEqual(pairs(before.get(date)));
    }
    expect(after.get(day(2))?.home).toMatchObject({
      start: { bookingId: stay._id, kind: 'lodging', iata: null },
      end: { bookingId: stay._id, kind: 'lodging' },
    });
    expect(pairs(after.get(day(2)))).toEqual([
      [stay._id, itemIds[0]],
      [itemIds[0], itemIds[1]],
      [itemIds[1], stay._id],
    ]);
  });

  it('[BOOKINGS-LEGS-05] a transport without a point at that end is no anchor', async () => {
    const { ana, tripId, itemIds } = await tripWithStops(located().slice(0, 2));
    await book(ana, tripId, {
      kind: 'bus',
      title: 'Night bus',
      start: { local: `${day(1)}T23:00`, zone: 'Europe/Madrid', place: { name: 'Madrid Sur' } },
      end: { local: `${day(2)}T07:00`, zone: 'Europe/Lisbon', place: { name: 'Sete Rios' } },
    });
    await book(ana, tripId, {
      kind: 'ferry',
      title: 'Ferry',
      start: { local: `${day(2)}T20:00`, zone: 'Europe/Lisbon' },
      end: { local: `${day(2)}T20:30`, zone: 'Europe/Lisbon' },
    });
    const days = await routesOf(ana, tripId);
    expect(days.get(day(1))?.home).toEqual({ start: null, end: null });
    expect(days.get(day(2))?.home).toEqual({ start: null, end: null });
    expect(pairs(days.get(day(2)))).toEqual([[itemIds[0], itemIds[1]]]);
  });

  it('[BOOKINGS-LEGS-06] one journey on a day without lodging: a morning one starts the day, an evening one ends it', async () => {
    const { ana, tripId, itemIds } = await tripWithStops(located().slice(0, 1));
    const porto = { name: 'Porto Campanhã', lat: PORTO.lat, lng: PORTO.lng };
    const morning = await book(ana, tripId, {
      kind: 'train',
      title: 'Alfa Pendular',
      start: { local: `${day(2)}T07:00`, place: porto },
      end: { local: `${day(2)}T09:50`, place: SANTA_APOLONIA },
    });
    const inMorning = (await routesOf(ana, tripId)).get(day(2));
    expect(inMorning?.home).toMatchObject({
      start: { bookingId: morning._id, name: 'Santa Apolónia' },
      end: null,
    });
    expect(pairs(inMorning)).toEqual([[morning._id, itemIds[0]]]);

    await expectJson(call(ana, 'DELETE', `/core/trips/${tripId}/bookings/${morning._id}`));
    const evening = await book(ana, tripId, {
      kind: 'train',
      title: 'Alfa Pendular',
      start: { local: `${day(2)}T18:00`, place: SANTA_APOLONIA },
      end: { local: `${day(2)}T20:50`, place: porto },
    });
    const outEvening = (await routesOf(ana, tripId)).get(day(2));
    expect(outEvening?.home).toMatchObject({
      start: null,
      end: { bookingId: evening._id, name: 'Santa Apolónia' },
    });
    expect(pairs(outEvening)).toEqual([[itemIds[0], evening._id]]);
  });
});
