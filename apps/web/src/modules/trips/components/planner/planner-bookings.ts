import { type BookingEnd, TRANSPORT_KINDS, type TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { RouteDay, RouteHome, RouteLeg } from '@tripcrew/contracts/trip-routes';

/**
 * Where a trip's bookings go on the planner's days (read-only rows, never part of a day's order).
 * A booking is on the day of its start's LOCAL date (a 23:30 departure from Lisbon is on that
 * Lisbon day whatever the browser's zone); lodging is also on its check-out day, and the days in
 * between say where the travellers sleep; a transport is a leg between days: also on its arrival
 * day when that is a later local day than its departure's. Times are compared as local wall
 * clocks ("07:40"), as the planner's item times are local times of the destination.
 */

/**
 * Which end of a booking a row shows: its start, lodging's check-out on a later day, or a
 * transport's arrival on a later day.
 */
export type DayBookingRole = 'start' | 'check-out' | 'arrival';

export interface DayBooking {
  /** Unique within a day: the booking's id and the end shown. */
  key: string;
  booking: TripBooking;
  role: DayBookingRole;
  /** The end that happens on the day. */
  end: BookingEnd;
  /** Its local time of day, "07:40". */
  time: string;
}

/** The local day of an end: "2031-01-10" of "2031-01-10T07:40". */
export const localDateOf = (end: Pick<BookingEnd, 'local'>): string => end.local.slice(0, 10);
/** The local time of day of an end: "07:40" of "2031-01-10T07:40". */
export const localTimeOf = (end: Pick<BookingEnd, 'local'>): string => end.local.slice(11, 16);
/** A flight, train, bus or ferry: a leg between places (and days). */
const isTransportKind = (booking: TripBooking): boolean => TRANSPORT_KINDS.includes(booking.kind);

/**
 * The rows of a day, in local time order (bookings at the same time keep the list's order, that
 * of their instants): what starts that day, lodging checked out that day, and transport arriving
 * that day after leaving on another.
 */
export function bookingsOnDay(bookings: readonly TripBooking[], date: string): DayBooking[] {
  const rows: DayBooking[] = [];
  for (const booking of bookings) {
    const startDate = localDateOf(booking.start);
    if (startDate === date) {
      rows.push({
        key: `${booking._id}:start`,
        booking,
        role: 'start',
        end: booking.start,
        time: localTimeOf(booking.start),
      });
    }
    const end = booking.end;
    if (!end || startDate === date || localDateOf(end) !== date) continue;
    const role = booking.kind === 'lodging' ? 'check-out' : isTransportKind(booking) ? 'arrival' : null;
    if (role) rows.push({ key: `${booking._id}:${role}`, booking, role, end, time: localTimeOf(end) });
  }
  // A stable sort: equal times keep their order.
  return rows.sort((a, b) => a.time.localeCompare(b.time));
}

/** Lodging the travellers sleep at on a day between its check-in and its check-out days. */
export function stayingOn(bookings: readonly TripBooking[], date: string): TripBooking[] {
  return bookings.filter(
    (booking) =>
      booking.kind === 'lodging' &&
      booking.end !== null &&
      localDateOf(booking.start) < date &&
      date < localDateOf(booking.end),
  );
}

/**
 * How many local days after its departure's a transport arrives: 1 for an overnight flight (the
 * "+1" of a timetable), 0 the same day, -1 westwards across the date line.
 */
export function arrivalDayShift(booking: TripBooking): number {
  const end = booking.end;
  if (!end || !isTransportKind(booking)) return 0;
  const dayOf = (local: string) => Date.parse(`${local.slice(0, 10)}T00:00:00Z`);
  return Math.round((dayOf(end.local) - dayOf(booking.start.local)) / 86_400_000);
}

/** "+1", "+2", "−1"; '' the same day. */
export const dayShiftText = (shift: number): string =>
  shift === 0 ? '' : `${shift > 0 ? '+' : '−'}${Math.abs(shift)}`;

/** A transport's arrival (or another booking's end) on a later local day than its start, else null. */
export function endsOnAnotherDay(booking: TripBooking): BookingEnd | null {
  const end = booking.end;
  return end && localDateOf(end) !== localDateOf(booking.start) ? end : null;
}

/** What the planner needs of an item to place bookings among the day's items. */
export interface TimedItem {
  _id: string;
  /** "HH:MM", local to the destination, or null. */
  time: string | null;
}

export interface BookingPlacement {
  /** Rows shown just before an item, by the item's id. */
  before: Map<string, DayBooking[]>;
  /** Rows after the day's last item (all of them on a day without items). */
  after: DayBooking[];
}

/**
 * Puts each row before the first item of the day whose time is later than the row's; items
 * without a time keep their order and are passed over (a row goes after them when no timed item
 * later than it follows). Rows later than every timed item go after the last item.
 */
export function placeAmongItems(items: readonly TimedItem[], rows: readonly DayBooking[]): BookingPlacement {
  const before = new Map<string, DayBooking[]>();
  const after: DayBooking[] = [];
  for (const row of rows) {
    const next = items.find((item) => item.time !== null && item.time > row.time);
    if (!next) {
      after.push(row);
      continue;
    }
    const list = before.get(next._id) ?? [];
    list.push(row);
    before.set(next._id, list);
  }
  return { before, after };
}

/** A home base as its line names it: a lodging's name; a station's; an airport's code and name. */
export function homePlaceOf(home: RouteHome): string {
  return home.iata && home.name !== home.iata
    ? `${home.iata} · ${home.name}`
    : home.name || (home.iata ?? '');
}

/** True when the day starts at a transport's arrival or ends at its departure, not at lodging. */
export const isTransportHome = (home: RouteHome): boolean => TRANSPORT_KINDS.includes(home.kind);

export interface HomeLeg {
  home: RouteHome;
  /** The leg from home to the first stop (or from the last stop home); undefined while unknown. */
  leg: RouteLeg | undefined;
}

/**
 * Where the day starts and ends (the routes answer's homes: lodging, or a transport's arrival and
 * departure), each with its leg: the one leaving `home.start` and the one reaching `home.end`.
 */
export function homeLegsOf(day: RouteDay | undefined): { start: HomeLeg | null; end: HomeLeg | null } {
  const start = day?.home.start ?? null;
  const end = day?.home.end ?? null;
  // A home base shows with its leg only: a day with no stops goes nowhere from it.
  const first = start ? day?.legs.find((leg) => leg.fromItemId === start.bookingId) : undefined;
  const last = end ? day?.legs.find((leg) => leg.toItemId === end.bookingId) : undefined;
  return {
    start: start && first ? { home: start, leg: first } : null,
    end: end && last ? { home: end, leg: last } : null,
  };
}

/**
 * The search of the trip page's Bookings tab from the planner's: `tab=bookings`, the rest kept
 * but the planner's own list / map choice.
 */
export function bookingsTabSearch(current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.set('tab', 'bookings');
  params.delete('view');
  return `?${params.toString()}`;
}
