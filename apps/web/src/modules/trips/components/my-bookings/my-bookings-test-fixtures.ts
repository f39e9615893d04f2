import type { MyBooking, TripBooking } from '@tripcrew/contracts/trip-bookings';
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

/** TP 1350 Lisbon 07:40 (WET) → New York 10:30 (EST), on the trip "Lisbon, Portugal". */
export const lisbonFlight: MyBooking = {
  trip: { _id: 't-1', tripName: 'Lisbon, Portugal' },
  booking: {
    ...base,
    _id: 'b-lis',
    kind: 'flight',
    title: 'Lisbon to New York',
    provider: 'TAP Air Portugal',
    carrier: 'TP',
    number: '1350',
    start: {
      local: '2026-12-01T07:40',
      zone: 'Europe/Lisbon',
      at: '2026-12-01T07:40:00.000Z',
      place: airport('LIS', 'Lisbon', 38.77, -9.13),
    },
    end: {
      local: '2026-12-01T10:30',
      zone: 'America/New_York',
      at: '2026-12-01T15:30:00.000Z',
      place: airport('JFK', 'New York JFK', 40.64, -73.78),
    },
  },
};

/** U2 1393 Geneva 18:05 (CET) → Nice 19:10 (CET), on the trip "Riviera weekend". */
export const niceFlight: MyBooking = {
  trip: { _id: 't-2', tripName: 'Riviera weekend' },
  booking: {
    ...base,
    _id: 'b-nce',
    kind: 'flight',
    title: '',
    provider: 'easyJet',
    carrier: 'U2',
    number: '1393',
    start: {
      local: '2026-12-10T18:05',
      zone: 'Europe/Zurich',
      at: '2026-12-10T17:05:00.000Z',
      place: airport('GVA', 'Geneva', 46.24, 6.11),
    },
    end: {
      local: '2026-12-10T19:10',
      zone: 'Europe/Paris',
      at: '2026-12-10T18:10:00.000Z',
      place: airport('NCE', 'Nice', 43.66, 7.21),
    },
  },
};

/** A flight home from Nice whose airport has no point: it is known by its name alone. */
export const namedNiceFlight: MyBooking = {
  trip: { _id: 't-2', tripName: 'Riviera weekend' },
  booking: {
    ...niceFlight.booking,
    _id: 'b-nce-home',
    title: 'Home from the Riviera',
    number: '1394',
    start: {
      local: '2026-12-13T20:00',
      zone: 'Europe/Paris',
      at: '2026-12-13T19:00:00.000Z',
      place: { name: "Nice Côte d'Azur", address: '', coordinates: null, iata: null },
    },
    end: {
      local: '2026-12-13T21:05',
      zone: 'Europe/Zurich',
      at: '2026-12-13T20:05:00.000Z',
      place: { name: 'Geneva', address: '', coordinates: null, iata: null },
    },
  },
};

/** Porto → Lisbon in March 2025: a past flight. */
export const pastFlight: MyBooking = {
  trip: { _id: 't-1', tripName: 'Lisbon, Portugal' },
  booking: {
    ...base,
    _id: 'b-opo',
    kind: 'flight',
    title: 'Porto to Lisbon',
    start: {
      local: '2025-03-01T09:00',
      zone: 'Europe/Lisbon',
      at: '2025-03-01T09:00:00.000Z',
      place: airport('OPO', 'Porto', 41.24, -8.68),
    },
    end: {
      local: '2025-03-01T10:00',
      zone: 'Europe/Lisbon',
      at: '2025-03-01T10:00:00.000Z',
      place: airport('LIS', 'Lisbon', 38.77, -9.13),
    },
  },
};

/** Casa Ana in Lisbon, check-in 2 December 15:00, check-out 5 December 11:00. */
export const lisbonStay: MyBooking = {
  trip: { _id: 't-1', tripName: 'Lisbon, Portugal' },
  booking: {
    ...base,
    _id: 'b-casa',
    kind: 'lodging',
    title: 'Casa Ana',
    provider: 'Booking.com',
    start: {
      local: '2026-12-02T15:00',
      zone: 'Europe/Lisbon',
      at: '2026-12-02T15:00:00.000Z',
      place: { name: 'Casa Ana', address: 'Rua das Flores 12', coordinates: null, iata: null },
    },
    end: { local: '2026-12-05T11:00', zone: 'Europe/Lisbon', at: '2026-12-05T11:00:00.000Z', place: null },
  },
};

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
