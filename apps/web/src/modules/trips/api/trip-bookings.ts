import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type Airport, airportListSchema } from '@tripcrew/contracts/place-lookup';
import {
  BOOKING_KINDS,
  type BookingEnd,
  type BookingEndBody,
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
function shownEnd(end: BookingEndBody): BookingEnd {
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

/**
 * A start or end changed, as shown before the server answers: at the same place as before, what
 * the server had found for it stays (an airport's name and point, the zone).
 */
function shownEndOver(previous: BookingEnd | null, end: BookingEndBody): BookingEnd {
  const shown = shownEnd(end);
  const before = previous?.place ?? null;
  const sameAirport = !!shown.place?.iata && shown.place.iata === before?.iata;
  const place = sameAirport ? before : shown.place;
  if (shown.zone || !previous || !(sameAirport || shown.place?.name === before?.name))
    return { ...shown, place };
  const at = isLocalDateTime(end.local) ? instantOf(end.local, previous.zone || 'UTC').toISOString() : '';
  return { ...shown, zone: previous.zone, at, place };
}

const BOOKING_TEXTS = [
  'title',
  'provider',
  'confirmationCode',
  'carrier',
  'number',
  'seat',
  'notes',
] as const;

/** The booking with a change in, as shown before the server answers (or while it waits offline). */
function editedBooking(booking: TripBooking, change: UpdateTripBookingBody): TripBooking {
  const texts = Object.fromEntries(
    BOOKING_TEXTS.map((field) => [
      field,
      change[field] === undefined ? booking[field] : trimmed(change[field]),
    ]),
  ) as Pick<TripBooking, (typeof BOOKING_TEXTS)[number]>;
  const { cost, end } = change;
  return {
    ...booking,
    ...texts,
    kind: change.kind ?? booking.kind,
    partySize: change.partySize === undefined ? booking.partySize : change.partySize,
    travellers: change.travellers ?? booking.travellers,
    cost:
      cost === undefined
        ? booking.cost
        : cost && { amount: cost.amount, currency: cost.currency.toUpperCase() },
    hiddenFromShare: change.hiddenFromShare ?? booking.hiddenFromShare,
    start: change.start ? shownEndOver(booking.start, change.start) : booking.start,
    end: end === undefined ? booking.end : end && shownEndOver(booking.end, end),
    updatedAt: new Date().toISOString(),
  };
}

/** The list with `booking` in (replacing the one of its id), by start instant as the server sorts. */
const withBooking = (list: TripBooking[] | undefined, booking: TripBooking): TripBooking[] | undefined => {
  if (!list) return list;
  const others = list.filter((entry) => entry._id !== booking._id);
  return [...others, booking].sort((a, b) => a.start.at.localeCompare(b.start.at));
};

/** What names a booking in the offline queue's notices: its title, else its kind. */
const bookingName = (booking: Pick<CreateTripBookingBody, 'title' | 'kind'>): string =>
  quoted(trimmed(booking.title) || booking.kind);

/**
 * Add, change and remove a booking of the trip (useTripEntryEdits): an add or a change is shown at
 * once and, offline, waits in the offline queue; a change carries the version it started from.
 */
export function useTripBookingEdits(tripId: string, userId: string | null) {
  return useTripEntryEdits<TripBooking, NewTripBooking, UpdateTripBookingBody>(tripId, {
    list: BOOKINGS,
    shown: (body) => shownBooking(body, userId),
    edited: editedBooking,
    withEntry: withBooking,
    label: (body, tripName) => `add ${bookingName(body)} to the bookings of ${tripName}`,
    changeLabel: (booking, tripName) =>
      `edit ${booking ? bookingName(booking) : 'a booking'} in the bookings of ${tripName}`,
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
