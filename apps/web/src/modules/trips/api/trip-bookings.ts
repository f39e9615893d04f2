import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type Airport, airportListSchema } from '@tripcrew/contracts/place-lookup';
import {
  BOOKING_KINDS,
  type BookingImportBody,
  type BookingImportResult,
  type BookingKind,
  bookingImportResultSchema,
  type CreateTripBookingBody,
  type TripBooking,
  tripBookingListSchema,
  tripBookingSchema,
  type UpdateTripBookingBody,
} from '@tripcrew/contracts/trip-bookings';
import { instantOf, isLocalDateTime, isTimeZone } from '@tripcrew/contracts/zoned-time';
import { apiGet } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/api-error.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { randomId } from '../../../lib/random-id.ts';
import { quoted } from './trip-offline-writes.ts';
import { tripKeys } from './trip-keys.ts';
import { tripEntryList, useTripEntryEdits } from './trip-lists.ts';

export type {
  Airport,
  BookingImportResult,
  BookingKind,
  CreateTripBookingBody,
  TripBooking,
  UpdateTripBookingBody,
};

const BOOKINGS = tripEntryList(
  'bookings',
  { list: tripBookingListSchema, entry: tripBookingSchema },
  'trip booking',
);
export const bookingsKey = BOOKINGS.key;
export const bookingsPath = BOOKINGS.path;

/** GET /core/trips/{id}/bookings: the trip's bookings, by their start's instant. */
export function useTripBookings(tripId: string) {
  return useQuery(BOOKINGS.queryOptions(tripId));
}

/** A new booking: its id chosen here (a UUID), so a retry or an offline replay adds it once. */
export type NewTripBooking = CreateTripBookingBody & { _id: string };

const trimmed = (text: string | undefined): string => text?.trim() ?? '';

/** An end as shown before the server answers: its zone as given ('' until the server finds it). */
function shownEnd(end: NonNullable<CreateTripBookingBody['end']>): TripBooking['start'] {
  const zone = end.zone && isTimeZone(end.zone) ? end.zone : '';
  const at = isLocalDateTime(end.local) ? instantOf(end.local, zone || 'UTC').toISOString() : '';
  const place = end.place
    ? {
        name: trimmed(end.place.name) || trimmed(end.place.iata).toUpperCase(),
        address: trimmed(end.place.address),
        coordinates:
          end.place.lat !== undefined && end.place.lng !== undefined
            ? { lat: end.place.lat, lng: end.place.lng }
            : null,
        iata: end.place.iata ? end.place.iata.toUpperCase() : null,
      }
    : null;
  return { local: end.local, zone, at, place };
}

/** The booking as shown at once, before the server answers (or while the add waits offline). */
function shownBooking(body: NewTripBooking, userId: string | null): TripBooking {
  const now = new Date().toISOString();
  return {
    _id: body._id,
    kind: body.kind,
    title: trimmed(body.title),
    provider: trimmed(body.provider),
    confirmationCode: trimmed(body.confirmationCode),
    carrier: trimmed(body.carrier),
    number: trimmed(body.number),
    seat: trimmed(body.seat),
    partySize: body.partySize ?? null,
    travellers: body.travellers ?? [],
    cost: body.cost ? { amount: body.cost.amount, currency: body.cost.currency.toUpperCase() } : null,
    notes: trimmed(body.notes),
    hiddenFromShare: body.hiddenFromShare ?? false,
    start: shownEnd(body.start),
    end: body.end ? shownEnd(body.end) : null,
    files: [],
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/** The list with `booking` in (replacing the one of its id), by start instant as the server sorts. */
const withBooking = (list: TripBooking[] | undefined, booking: TripBooking): TripBooking[] | undefined => {
  if (!list) return list;
  const others = list.filter((entry) => entry._id !== booking._id);
  return [...others, booking].sort((a, b) => a.start.at.localeCompare(b.start.at));
};

/** What names a booking in the offline queue's notices: its title, else its kind. */
const bookingName = (body: CreateTripBookingBody): string => quoted(trimmed(body.title) || body.kind);

/**
 * Add, change and remove a booking of the trip (useTripEntryEdits): shown at once, and offline the
 * add waits in the offline queue.
 */
export function useTripBookingEdits(tripId: string, userId: string | null) {
  return useTripEntryEdits<TripBooking, NewTripBooking, UpdateTripBookingBody>(tripId, {
    list: BOOKINGS,
    shown: (body) => shownBooking(body, userId),
    withEntry: withBooking,
    label: (body, tripName) => `add ${bookingName(body)} to the bookings of ${tripName}`,
  });
}

/** A new booking's id, chosen before it is sent (a UUID). */
export const newTripBookingId = (): string => randomId();

/** A draft the reader found, as a create body: kept when it has a known kind and a start. */
function draftOf(record: Record<string, unknown>): CreateTripBookingBody | null {
  const kind = record.kind;
  if (typeof kind !== 'string' || !(BOOKING_KINDS as readonly string[]).includes(kind)) return null;
  if (!isRecord(record.start)) return null;
  const local = typeof record.start.local === 'string' ? record.start.local : '';
  return {
    ...(record as Partial<CreateTripBookingBody>),
    kind: kind as BookingKind,
    start: { ...(record.start as CreateTripBookingBody['start']), local },
  };
}

/**
 * POST /core/trips/{id}/bookings/import: what the server's reader finds in a mail (.eml), an HTML
 * page or an .ics — drafts to confirm, nothing written — and what it says when it finds none.
 */
export async function importTripBookings(
  tripId: string,
  body: BookingImportBody,
): Promise<BookingImportResult> {
  const result = await apiWrite('POST', `${bookingsPath(tripId)}/import`, body, bookingImportResultSchema);
  return {
    bookings: result.bookings.map(draftOf).filter((draft) => draft !== null),
    message: result.message,
  };
}

export function useImportTripBookings(tripId: string) {
  return useMutation({ mutationFn: (body: BookingImportBody) => importTripBookings(tripId, body) });
}

/** The least characters an airport search needs (the API's rule). */
export const AIRPORT_SEARCH_MIN_LENGTH = 2;

/** GET /core/places/airports?q=: airports by code, name or city (kept five minutes). */
export function useAirportSearch(q: string) {
  const words = q.trim();
  return useQuery({
    queryKey: [...tripKeys.all, 'airports', words] as const,
    queryFn: ({ signal }) =>
      apiGet(`/core/places/airports?q=${encodeURIComponent(words)}`, airportListSchema, { signal }),
    enabled: words.length >= AIRPORT_SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
