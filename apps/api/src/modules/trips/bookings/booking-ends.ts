import {
  bookingFilePath,
  type BookingEnd,
  type BookingEndBody,
  type BookingFile,
  type BookingKind,
  type TripBooking,
} from '@tripcrew/contracts/trip-bookings';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { instantOf } from '@tripcrew/contracts/zoned-time';
import { badRequest } from '../../../platform/errors.ts';
import { airportByIata, timeZoneAt } from '../../places/index.ts';
import type { NewTripBookingRow, TripBookingRow } from '../core/trips.table.ts';
import type { BookingFileFields } from './files/booking-files.repository.ts';

/**
 * A booking's start and end: from what a body gives (a local time, a zone or not, a place named,
 * pinned or an airport's code) to the stored columns, with the zone found offline when not given
 * (the airport's, else the one at the place's point) and the instant they make.
 */

export type EndColumns = {
  local: string;
  zone: string;
  at: Date;
  name: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  iata: string | null;
};

/** What a start and an end are called, per kind: "departure" and "arrival" for a flight. */
const END_WORDS: Record<BookingKind, [string, string]> = {
  flight: ['departure', 'arrival'],
  train: ['departure', 'arrival'],
  bus: ['departure', 'arrival'],
  ferry: ['departure', 'arrival'],
  'car-rental': ['pick-up', 'drop-off'],
  lodging: ['check-in', 'check-out'],
  restaurant: ['start', 'end'],
  event: ['start', 'end'],
  tour: ['start', 'end'],
  other: ['start', 'end'],
};

export const endWord = (kind: BookingKind, which: 'start' | 'end'): string =>
  END_WORDS[kind][which === 'start' ? 0 : 1];

/**
 * The columns of a start or end as given. The zone: the one given, else the airport's, else the
 * one at the place's point, else `fallbackZone` (an end without a place happens where the start
 * does); 400 naming the field when none can be found, or the airport code is unknown.
 */
export function endColumns(
  body: BookingEndBody,
  which: 'start' | 'end',
  kind: BookingKind,
  fallbackZone?: string,
): EndColumns {
  const place = body.place ?? null;
  let name = place?.name?.trim() || null;
  let lat = place?.lat ?? null;
  let lng = place?.lng ?? null;
  let zone: string | undefined = body.zone;
  const iata = place?.iata ?? null;
  if (iata) {
    const airport = airportByIata(iata);
    if (!airport) {
      throw badRequest(
        `Unknown airport code ${iata.slice(0, 3)}: check the ${endWord(kind, which)} airport's three-letter IATA code.`,
        `${which}.place.iata`,
      );
    }
    name ??= airport.name;
    if (lat === null || lng === null) ({ lat, lng } = airport.coordinates);
    zone ??= airport.timeZone;
  }
  if (zone === undefined && lat !== null && lng !== null) zone = timeZoneAt(lat, lng);
  zone ??= fallbackZone;
  if (zone === undefined) {
    throw badRequest(
      `Give the time zone of the ${endWord(kind, which)} (like Europe/Lisbon), or its place or airport so it can be found.`,
      `${which}.zone`,
    );
  }
  return {
    local: body.local,
    zone,
    at: instantOf(body.local, zone),
    name,
    address: place?.address?.trim() || null,
    lat,
    lng,
    iata,
  };
}

type EndKey = 'Local' | 'Zone' | 'At' | 'Name' | 'Address' | 'Lat' | 'Lng' | 'Iata';

/** The start's or end's columns of a row (null for every column of an end there is not). */
export function endRow<P extends 'start' | 'end'>(
  prefix: P,
  end: EndColumns | null,
): { [K in `${P}${EndKey}`]: NewTripBookingRow[K & keyof NewTripBookingRow] } {
  return {
    [`${prefix}Local`]: end?.local ?? null,
    [`${prefix}Zone`]: end?.zone ?? null,
    [`${prefix}At`]: end?.at ?? null,
    [`${prefix}Name`]: end?.name ?? null,
    [`${prefix}Address`]: end?.address ?? null,
    [`${prefix}Lat`]: end?.lat ?? null,
    [`${prefix}Lng`]: end?.lng ?? null,
    [`${prefix}Iata`]: end?.iata ?? null,
  } as { [K in `${P}${EndKey}`]: NewTripBookingRow[K & keyof NewTripBookingRow] };
}

/** Refuses an end before the start ("The arrival is before the departure"), naming the field. */
export function assertInOrder(kind: BookingKind, start: EndColumns, end: EndColumns | null): void {
  if (end && end.at.getTime() < start.at.getTime()) {
    const [first, second] = END_WORDS[kind];
    throw badRequest(
      `The ${second} (${end.local} ${end.zone}) is before the ${first} (${start.local} ${start.zone}): check the dates, times and time zones.`,
      'end.local',
    );
  }
}

/** A stored start or end as the API answers it. */
function endView({ local, zone, at, ...place }: EndColumns): BookingEnd {
  const located = place.name !== null || place.lat !== null || place.iata !== null;
  return {
    local,
    zone,
    at: at.toISOString(),
    place: located
      ? {
          name: place.name ?? place.iata ?? '',
          address: place.address ?? '',
          coordinates: place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : null,
          iata: place.iata,
        }
      : null,
  };
}

/** Reads the start or end of a row back as columns (for an edit that keeps it). */
export function endOf(row: TripBookingRow, prefix: 'start' | 'end'): EndColumns | null {
  const local = prefix === 'start' ? row.startLocal : row.endLocal;
  const zone = prefix === 'start' ? row.startZone : row.endZone;
  const at = prefix === 'start' ? row.startAt : row.endAt;
  if (local === null || zone === null || at === null) return null;
  return prefix === 'start'
    ? {
        local,
        zone,
        at,
        name: row.startName,
        address: row.startAddress,
        lat: row.startLat,
        lng: row.startLng,
        iata: row.startIata,
      }
    : {
        local,
        zone,
        at,
        name: row.endName,
        address: row.endAddress,
        lat: row.endLat,
        lng: row.endLng,
        iata: row.endIata,
      };
}

/** A file of a booking as the API answers it. */
export function bookingFileView(row: TripBookingRow, file: BookingFileFields): BookingFile {
  return {
    _id: file.id,
    name: file.name,
    type: file.type,
    size: file.size,
    createdBy: file.createdBy,
    createdAt: new Date(file.createdAt).toISOString(),
    url: bookingFilePath(row.tripId, row.id, file.id),
  };
}

/** A booking as the API answers it, with its files. */
export function tripBookingView(row: TripBookingRow, files: readonly BookingFileFields[]): TripBooking {
  const start = endOf(row, 'start');
  const end = endOf(row, 'end');
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    provider: row.provider,
    confirmationCode: row.confirmationCode,
    carrier: row.carrier,
    number: row.number,
    seat: row.seat,
    partySize: row.partySize,
    travellers: row.travellers,
    cost:
      row.costMinor !== null && row.costCurrency !== null
        ? { amount: fromMinorUnits(row.costMinor, row.costCurrency), currency: row.costCurrency }
        : null,
    notes: row.notes,
    hiddenFromShare: row.hiddenFromShare,
    // A booking always has its start (its columns are not null); an end only when it has one.
    start: endView(start as EndColumns),
    end: end ? endView(end) : null,
    files: files.map((file) => bookingFileView(row, file)),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A start or end in one line for the history ("2026-12-01T07:40 Europe/Lisbon · LIS"): what an edit compares. */
export function endText(end: EndColumns | null): string | null {
  if (!end) return null;
  const where = [end.iata, end.name, end.address].filter(Boolean).join(', ');
  const point = end.lat !== null && end.lng !== null ? ` @${end.lat.toFixed(5)},${end.lng.toFixed(5)}` : '';
  return `${end.local} ${end.zone}${where ? ` · ${where}` : ''}${point}`;
}
