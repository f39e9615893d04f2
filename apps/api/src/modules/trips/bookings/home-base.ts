import { type BookingKind, TRANSPORT_KINDS } from '@tripcrew/contracts/trip-bookings';
import type { TripBookingRow } from '../core/trips.table.ts';

/**
 * A day's home base: where its route starts (where the group is when the day begins) and where it
 * ends (where the group is when the day is over). Everything is read in local dates where it
 * happens. A lodging covers the nights from its check-in day to the night before its check-out
 * day; a transport (flight, train, bus, ferry: TRANSPORT_KINDS) leaves on its start's local date
 * and arrives on its end's. So on day D:
 * - the start is the lodging of the night before (checked in before D, checking out on D or
 *   after); else the arrival place of the transport arriving on D (the one arriving last); else
 *   the lodging checked into on D;
 * - the end is the lodging of the night of D (checked in on D or before, checking out after D);
 *   else the departure place of the transport leaving on D (the one leaving last: they leave
 *   town); else, on the last morning, the lodging they left from.
 * So a lodging night always wins: a day trip by train from the hotel comes back to it, and a day
 * with no transport is as it was. When the start and the end both come from transports and that
 * departure is not after that arrival (one journey on a day without lodging: the stops are
 * either before it or after it), only one stays, the other being as without transport: the
 * arrival when at least as much of the day is left after it (local time of day) as there was
 * before the departure (a morning flight in: the stops come after it), else the departure (an
 * evening flight out).
 * Only a lodging with a point, or a transport with a point at that end (an airport's code gives
 * one), counts; of two lodgings that overlap, the one checked into last.
 */
export interface HomeBase {
  bookingId: string;
  /** 'lodging', or the transport whose arrival starts (or departure ends) the day. */
  kind: BookingKind;
  /** The lodging's title; a transport's station or airport name, else its code, else the title. */
  name: string;
  /** The airport's IATA code when the day starts or ends at one, else null. */
  iata: string | null;
  point: { lat: number; lng: number };
}

/** The bookings of a trip that can be home bases (homeSources). */
export interface HomeSources {
  /** Lodgings with a point, latest check-in first. */
  lodgings: TripBookingRow[];
  /** Every transport (whether an end has a point is decided per end). */
  transports: TripBookingRow[];
}

const dayOf = (local: string | null): string | null => (local ? local.slice(0, 10) : null);
/** Minutes since midnight of a local date-time "2031-01-10T07:40". */
const minuteOfDay = (local: string): number => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
const DAY_MINUTES = 24 * 60;

function lodgingHome(row: TripBookingRow): HomeBase | null {
  if (row.startLat === null || row.startLng === null) return null;
  return {
    bookingId: row.id,
    kind: row.kind,
    name: row.title,
    iata: null,
    point: { lat: row.startLat, lng: row.startLng },
  };
}

/** A transport's departure place (`start`) or arrival place (`end`), when it has a point. */
function transportHome(row: TripBookingRow, which: 'start' | 'end'): HomeBase | null {
  const lat = which === 'start' ? row.startLat : row.endLat;
  const lng = which === 'start' ? row.startLng : row.endLng;
  if (lat === null || lng === null) return null;
  const iata = (which === 'start' ? row.startIata : row.endIata) ?? null;
  const name = (which === 'start' ? row.startName : row.endName) || iata || row.title;
  return { bookingId: row.id, kind: row.kind, name, iata, point: { lat, lng } };
}

/** The trip's bookings that can be home bases, of all of them. */
export function homeSources(bookings: readonly TripBookingRow[]): HomeSources {
  const lodgings = bookings
    .filter((row) => row.kind === 'lodging' && row.startLat !== null && row.startLng !== null)
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime());
  const transports = bookings.filter((row) => TRANSPORT_KINDS.includes(row.kind));
  return { lodgings, transports };
}

/** The row with the latest instant (the first of equals), or undefined. */
function latest(
  rows: readonly TripBookingRow[],
  at: (row: TripBookingRow) => number,
): TripBookingRow | undefined {
  let best: TripBookingRow | undefined;
  for (const row of rows) if (!best || at(row) > at(best)) best = row;
  return best;
}

const arrivalAt = (row: TripBookingRow): number => row.endAt?.getTime() ?? row.startAt.getTime();

/** The transports arriving on and leaving on `date` that have a point at that end. */
function transportsOn(transports: readonly TripBookingRow[], date: string) {
  const arrival = latest(
    transports.filter((row) => dayOf(row.endLocal) === date && row.endLat !== null && row.endLng !== null),
    arrivalAt,
  );
  const departure = latest(
    transports.filter(
      (row) => dayOf(row.startLocal) === date && row.startLat !== null && row.startLng !== null,
    ),
    (row) => row.startAt.getTime(),
  );
  return { arrival, departure };
}

/** Where day `date` (YYYY-MM-DD) starts and ends, given the trip's home sources (homeSources). */
export function homeBasesOf(
  sources: HomeSources,
  date: string,
): { start: HomeBase | null; end: HomeBase | null } {
  const { lodgings, transports } = sources;
  const checkIn = (row: TripBookingRow) => dayOf(row.startLocal) as string;
  // Without a check-out, a stay covers its check-in night only.
  const checkOut = (row: TripBookingRow) => dayOf(row.endLocal) ?? nextDay(checkIn(row));
  const nightBefore = lodgings.find((row) => checkIn(row) < date && checkOut(row) >= date);
  const arriving = lodgings.find((row) => checkIn(row) === date);
  const night = lodgings.find((row) => checkIn(row) <= date && checkOut(row) > date);

  const on = transportsOn(transports, date);
  let arrival = nightBefore ? undefined : on.arrival;
  let departure = night ? undefined : on.departure;
  if (arrival && departure && departure.startAt.getTime() <= arrivalAt(arrival)) {
    const before = minuteOfDay(departure.startLocal);
    const after = DAY_MINUTES - minuteOfDay(arrival.endLocal ?? arrival.startLocal);
    if (after >= before) departure = undefined;
    else arrival = undefined;
  }

  const startRow = nightBefore ?? arrival ?? arriving;
  const endRow = night ?? departure ?? nightBefore;
  const start = !startRow
    ? null
    : startRow === arrival
      ? transportHome(startRow, 'end')
      : lodgingHome(startRow);
  const end = !endRow ? null : endRow === departure ? transportHome(endRow, 'start') : lodgingHome(endRow);
  return { start, end };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
