import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { Trip } from '@tripcrew/contracts/trips';
import { type ListReply, mockListEndpoint } from '../../../../lib/testing/list-endpoint.ts';
export { browserInZone } from '../../../../lib/testing/browser-zone.ts';

/** Test data of the bookings tab: a trip's members and bookings, and a fake bookings endpoint. */

export const ID_1 = '11111111-1111-4111-8111-111111111111';
export const ID_2 = '22222222-2222-4222-8222-222222222222';
export const LIST = '/core/trips/t-1/bookings';

const member = (_id: string, role: Trip['myRole'], name: string, lastName: string) => ({
  _id,
  role,
  name,
  lastName,
  image: { thumbnail: null },
});

/** Ada (u-1, the signed-in user) and Bob (u-2, the admin). */
export const bookingTrip = (myRole: Trip['myRole'] = 'member') => ({
  _id: 't-1',
  myRole,
  users: [member('u-1', myRole, 'Ada', 'Lovelace'), member('u-2', 'admin', 'Bob', 'Stone')],
});

/** TP 1350 Lisbon 07:40 (WET) → New York 10:30 (EST): 7 h 50 in the air. */
export const flight = (overrides: Partial<TripBooking> = {}): TripBooking => ({
  _id: ID_1,
  kind: 'flight',
  title: 'Lisbon to New York',
  provider: 'TAP Air Portugal',
  confirmationCode: 'ABC123',
  carrier: 'TP',
  number: '1350',
  seat: '12A',
  partySize: null,
  travellers: ['u-1', 'u-2'],
  cost: { amount: '420', currency: 'EUR' },
  notes: 'Check in online the day before',
  hiddenFromShare: false,
  start: {
    local: '2026-12-01T07:40',
    zone: 'Europe/Lisbon',
    at: '2026-12-01T07:40:00.000Z',
    place: { name: 'Lisbon', address: '', coordinates: { lat: 38.77, lng: -9.13 }, iata: 'LIS' },
  },
  end: {
    local: '2026-12-01T10:30',
    zone: 'America/New_York',
    at: '2026-12-01T15:30:00.000Z',
    place: { name: 'New York JFK', address: '', coordinates: { lat: 40.64, lng: -73.78 }, iata: 'JFK' },
  },
  files: [],
  createdBy: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

/** Casa Ana, check-in 2 December 15:00 Lisbon time, check-out 5 December 11:00. */
export const lodging = (overrides: Partial<TripBooking> = {}): TripBooking => ({
  ...flight(),
  _id: ID_2,
  kind: 'lodging',
  title: 'Casa Ana',
  provider: 'Booking.com',
  carrier: '',
  number: '',
  seat: '',
  travellers: [],
  cost: null,
  notes: '',
  start: {
    local: '2026-12-02T15:00',
    zone: 'Europe/Lisbon',
    at: '2026-12-02T15:00:00.000Z',
    place: { name: 'Casa Ana', address: 'Rua das Flores 12', coordinates: null, iata: null },
  },
  end: { local: '2026-12-05T11:00', zone: 'Europe/Lisbon', at: '2026-12-05T11:00:00.000Z', place: null },
  createdBy: 'u-2',
  ...overrides,
});

export type Reply = ListReply<TripBooking>;

/** A fake bookings endpoint keeping its list; `reply` may answer first (errors, imports, airports). */
export function mockBookings(initial: TripBooking[], reply?: Reply) {
  return mockListEndpoint({
    path: LIST,
    initial,
    reply,
    add: (body) => {
      const start = body.start as { local: string; zone?: string };
      return flight({
        _id: body._id as string,
        kind: body.kind as TripBooking['kind'],
        title: (body.title as string | undefined) ?? 'New booking',
        start: { ...flight().start, local: start.local, zone: start.zone ?? 'Europe/Lisbon' },
        version: 1,
      });
    },
    // A start or end sent is kept as it was (the fake does not find zones or instants).
    patch: (entry, { version: _version, start: _start, end: _end, ...fields }) => ({
      ...entry,
      ...fields,
      version: entry.version + 1,
    }),
    deleted: { deleted: true },
  });
}
