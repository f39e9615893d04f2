import type { MyBooking, TripBooking } from '@tripcrew/contracts/trip-bookings';
import { instantOf } from '@tripcrew/contracts/zoned-time';
import { type FetchMock, jsonResponse, mockFetch } from '../../../../lib/testing/fetch-mock.ts';

/** Test data of the header's book pages: the user's bookings across two trips, and a fake endpoint. */

export const BOOKINGS_PATH = '/core/bookings';

const base = {
  provider: '',
  confirmationCode: '',
  carrier: '',
  number: '',
  seat: '',
  partySize: null,
  travellers: [],
  cost: null,
  notes: '',
  hiddenFromShare: false,
  files: [],
  createdBy: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
} satisfies Partial<TripBooking>;

const airport = (iata: string, name: string, lat: number | null, lng: number | null) => ({
  name,
  address: '',
  coordinates: lat === null || lng === null ? null : { lat, lng },
  iata,
});

/** A place known by its name alone (no point, no code). */
const named = (name: string, address = '') => ({ name, address, coordinates: null, iata: null });

type End = TripBooking['start'];

/** Where something starts or ends, its instant found from the local time and the zone. */
const at = (local: string, zone: string, place: End['place']): End => ({
  local,
  zone,
  at: instantOf(local, zone).toISOString(),
  place,
});

const LISBON_TRIP = { _id: 't-1', tripName: 'Lisbon, Portugal' };
const RIVIERA_TRIP = { _id: 't-2', tripName: 'Riviera weekend' };

/** A booking (a flight unless `fields` say otherwise) of a trip, from `start` to `end`. */
const bookingOn = (
  trip: MyBooking['trip'],
  fields: Partial<TripBooking> & Pick<TripBooking, '_id'>,
  start: End,
  end: End | null,
): MyBooking => ({ trip, booking: { ...base, kind: 'flight', title: '', ...fields, start, end } });

/** TP 1350 Lisbon 07:40 (WET) → New York 10:30 (EST), on the trip "Lisbon, Portugal". */
export const lisbonFlight = bookingOn(
  LISBON_TRIP,
  { _id: 'b-lis', title: 'Lisbon to New York', provider: 'TAP Air Portugal', carrier: 'TP', number: '1350' },
  at('2026-12-01T07:40', 'Europe/Lisbon', airport('LIS', 'Lisbon', 38.77, -9.13)),
  at('2026-12-01T10:30', 'America/New_York', airport('JFK', 'New York JFK', 40.64, -73.78)),
);

/** U2 1393 Geneva 18:05 (CET) → Nice 19:10 (CET), on the trip "Riviera weekend". */
export const niceFlight = bookingOn(
  RIVIERA_TRIP,
  { _id: 'b-nce', provider: 'easyJet', carrier: 'U2', number: '1393' },
  at('2026-12-10T18:05', 'Europe/Zurich', airport('GVA', 'Geneva', 46.24, 6.11)),
  at('2026-12-10T19:10', 'Europe/Paris', airport('NCE', 'Nice', 43.66, 7.21)),
);

/** A flight home from Nice whose airport has no point: it is known by its name alone. */
export const namedNiceFlight = bookingOn(
  RIVIERA_TRIP,
  { ...niceFlight.booking, _id: 'b-nce-home', title: 'Home from the Riviera', number: '1394' },
  at('2026-12-13T20:00', 'Europe/Paris', named("Nice Côte d'Azur")),
  at('2026-12-13T21:05', 'Europe/Zurich', named('Geneva')),
);

/** Porto → Lisbon in March 2025: a past flight. */
export const pastFlight = bookingOn(
  LISBON_TRIP,
  { _id: 'b-opo', title: 'Porto to Lisbon' },
  at('2025-03-01T09:00', 'Europe/Lisbon', airport('OPO', 'Porto', 41.24, -8.68)),
  at('2025-03-01T10:00', 'Europe/Lisbon', airport('LIS', 'Lisbon', 38.77, -9.13)),
);

/** Casa Ana in Lisbon, check-in 2 December 15:00, check-out 5 December 11:00. */
export const lisbonStay = bookingOn(
  LISBON_TRIP,
  { _id: 'b-casa', kind: 'lodging', title: 'Casa Ana', provider: 'Booking.com' },
  at('2026-12-02T15:00', 'Europe/Lisbon', named('Casa Ana', 'Rua das Flores 12')),
  at('2026-12-05T11:00', 'Europe/Lisbon', null),
);

export interface BookingsAnswers {
  /** GET /core/bookings?upcoming=true */
  upcoming: MyBooking[];
  /** GET /core/bookings (upcoming and past, oldest first); the upcoming ones alone when not given. */
  all?: MyBooking[];
  /** Other paths (the trips list, a place), by path. */
  other?: Record<string, unknown>;
}

/** Answers the bookings endpoint (filtering by ?kind= like the server) and the other paths given. */
export function mockMyBookings({ upcoming, all, other = {} }: BookingsAnswers): FetchMock {
  return mockFetch((request) => {
    if (request.path === BOOKINGS_PATH) {
      const kinds = request.query.getAll('kind');
      const list = request.query.get('upcoming') === 'true' ? upcoming : (all ?? upcoming);
      return jsonResponse(
        200,
        list.filter((entry) => kinds.length === 0 || kinds.includes(entry.booking.kind)),
      );
    }
    if (request.path in other) return jsonResponse(200, other[request.path]);
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
}
