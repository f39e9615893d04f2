import type { TripBookingRow } from '../core/trips.table.ts';

/**
 * A day's home base (the place the group sleeps): a route starts the day where they woke up and
 * ends it where they sleep. A lodging booking covers the nights from its check-in day to the night
 * before its check-out day, all read as local dates where it is. So on day D:
 * - the start is the lodging of the night before (checked in before D, checking out on D or after),
 *   else the one checked into on D;
 * - the end is the lodging of the night of D (checked in on D or before, checking out after D),
 *   else, on the last morning, the one they left from.
 * Only a lodging with a point is a home base; of two that overlap, the one checked into last.
 */
export interface HomeBase {
  bookingId: string;
  name: string;
  point: { lat: number; lng: number };
}

const dayOf = (local: string | null): string | null => (local ? local.slice(0, 10) : null);

function homeOf(row: TripBookingRow): HomeBase | null {
  if (row.startLat === null || row.startLng === null) return null;
  return { bookingId: row.id, name: row.title, point: { lat: row.startLat, lng: row.startLng } };
}

/** The lodgings of a trip that can be home bases, latest check-in first. */
export function homeCandidates(bookings: readonly TripBookingRow[]): TripBookingRow[] {
  return bookings
    .filter((row) => row.kind === 'lodging' && row.startLat !== null && row.startLng !== null)
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime());
}

/** Where day `date` (YYYY-MM-DD) starts and ends, given the trip's lodgings (homeCandidates). */
export function homeBasesOf(
  lodgings: readonly TripBookingRow[],
  date: string,
): { start: HomeBase | null; end: HomeBase | null } {
  const checkIn = (row: TripBookingRow) => dayOf(row.startLocal) as string;
  // Without a check-out, a stay covers its check-in night only.
  const checkOut = (row: TripBookingRow) => dayOf(row.endLocal) ?? nextDay(checkIn(row));
  const nightBefore = lodgings.find((row) => checkIn(row) < date && checkOut(row) >= date);
  const arriving = lodgings.find((row) => checkIn(row) === date);
  const night = lodgings.find((row) => checkIn(row) <= date && checkOut(row) > date);
  const start = nightBefore ?? arriving;
  const end = night ?? nightBefore;
  return { start: start ? homeOf(start) : null, end: end ? homeOf(end) : null };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
