import { ph, t } from '@lingui/core/macro';
import type { BookingEnd, BookingKind, TripBooking } from '@tripcrew/contracts/trip-bookings';
import { formatZonedShortDate, formatZonedTime } from '../../../../lib/format/zoned-times.ts';
import { endWordsOf, isTransport, kindLabel } from '../bookings/booking-kinds.ts';
import { ALL_DAYS, type DayFilter, type LngLat } from './trip-map-stops.ts';

/**
 * The trip's bookings on its map: where the travellers sleep (a bed), the airports and stations
 * they leave from and arrive at, and the journeys between them — flights as great-circle arcs,
 * trains, buses and ferries as dashed straight lines — in one colour of their own, told apart from
 * the days' colours (a neutral ink, light on the dark map). Times are those of where things happen.
 */

/** The bookings' lines and markers: slate ink on the light map, near-white on the dark one. */
export const BOOKING_COLOUR = '#0f172a';
export const BOOKING_COLOUR_DARK = '#e2e8f0';

/** A lodging's bed, an airport or a station (or a port, a bus station): what a marker shows. */
export type BookingPointKind = 'lodging' | 'airport' | 'station';

/** A booking seen at a point: its title and what happens there when ("Departure 1 Dec 07:40 WET"). */
export interface BookingVisit {
  bookingId: string;
  kind: BookingKind;
  title: string;
  /** "Departure 1 Dec 07:40 WET", "Check-in 2 Dec 15:00 WET · Check-out 5 Dec 11:00 WET". */
  when: string;
}

/** A place of the bookings on the map; the bookings at the same place share it. */
export interface BookingPoint {
  key: string;
  kind: BookingPointKind;
  /** The kind whose icon the marker shows (the first booking's). */
  icon: BookingKind;
  lngLat: LngLat;
  /** What the marker says: an airport's IATA code, a station's name ('' for lodging: a bed alone). */
  text: string;
  /** The place's name: "LIS · Lisbon", "Santa Apolónia", "Casa Ana". */
  name: string;
  visits: BookingVisit[];
  /** The marker's name: 'Airport: LIS · Lisbon', 'Lodging: Casa Ana'. */
  label: string;
}

export interface BookingLineProperties {
  bookingId: string;
  kind: BookingKind;
  /** A flight's arc (solid) or a journey on the ground or the water (dashed). */
  style: 'flight' | 'ground';
}

export interface BookingLines {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: BookingLineProperties;
    geometry: { type: 'LineString'; coordinates: LngLat[] };
  }[];
}

const localDate = (end: BookingEnd): string => end.local.slice(0, 10);

/**
 * The bookings of the map's day filter: all of them, or those starting or ending that local day,
 * and lodging slept at that night.
 */
export function bookingsOnMapDay(bookings: readonly TripBooking[], filter: DayFilter): TripBooking[] {
  if (filter === ALL_DAYS) return [...bookings];
  return bookings.filter((booking) => {
    const start = localDate(booking.start);
    const end = booking.end ? localDate(booking.end) : start;
    if (start === filter || end === filter) return true;
    return booking.kind === 'lodging' && start < filter && filter < end;
  });
}

/** An end's point, when its place has a valid one. */
function lngLatOf(end: BookingEnd | null): LngLat | null {
  const coordinates = end?.place?.coordinates;
  if (!coordinates) return null;
  const { lat, lng } = coordinates;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return [lng, lat];
}

/** "07:40 WET" with its short day, as it is where it happens: "1 Dec 07:40 WET". */
export const whenOf = (end: BookingEnd): string =>
  [formatZonedShortDate(end.local), formatZonedTime(end)].filter(Boolean).join(' ');

const titleOf = (booking: TripBooking): string => booking.title || kindLabel(booking.kind);

/** "LIS · Lisbon", or the code or the name alone. */
function placeName(end: BookingEnd): string {
  const place = end.place;
  if (!place) return '';
  if (place.iata)
    return place.name && place.name !== place.iata ? `${place.iata} · ${place.name}` : place.iata;
  return place.name;
}

function labelOf(kind: BookingPointKind, name: string): string {
  if (kind === 'lodging') return t`Lodging: ${ph({ name })}`;
  if (kind === 'airport') return t`Airport: ${ph({ name })}`;
  return t`Station: ${ph({ name })}`;
}

/**
 * The markers of the bookings: each lodging's place (its check-in and check-out in the popup), and
 * the departure and arrival places of each flight, train, bus and ferry. Places without a point
 * are left out; bookings at the same place (the outbound and the return flight at LIS) share one.
 */
export function bookingPoints(bookings: readonly TripBooking[]): BookingPoint[] {
  const points = new Map<string, BookingPoint>();
  const add = (kind: BookingPointKind, booking: TripBooking, end: BookingEnd, when: string) => {
    const lngLat = lngLatOf(end);
    if (!lngLat) return;
    const name = placeName(end) || titleOf(booking);
    const key = `${kind}:${end.place?.iata ?? end.place?.name ?? ''}:${lngLat[0].toFixed(5)},${lngLat[1].toFixed(5)}`;
    const visit: BookingVisit = { bookingId: booking._id, kind: booking.kind, title: titleOf(booking), when };
    const known = points.get(key);
    if (known) {
      known.visits.push(visit);
      return;
    }
    const text = kind === 'airport' ? (end.place?.iata ?? name) : kind === 'station' ? name : '';
    points.set(key, {
      key,
      kind,
      icon: booking.kind,
      lngLat,
      text,
      name,
      visits: [visit],
      label: labelOf(kind, name),
    });
  };
  for (const booking of bookings) {
    const words = endWordsOf(booking.kind);
    if (booking.kind === 'lodging') {
      const checkIn = `${words.start} ${whenOf(booking.start)}`;
      const when = booking.end ? `${checkIn} · ${words.end} ${whenOf(booking.end)}` : checkIn;
      add('lodging', booking, booking.start, when);
    } else if (isTransport(booking.kind)) {
      const at = (end: BookingEnd): BookingPointKind =>
        booking.kind === 'flight' || end.place?.iata ? 'airport' : 'station';
      add(at(booking.start), booking, booking.start, `${words.start} ${whenOf(booking.start)}`);
      if (booking.end) add(at(booking.end), booking, booking.end, `${words.end} ${whenOf(booking.end)}`);
    }
  }
  return [...points.values()];
}

const RADIANS = Math.PI / 180;

/**
 * The great circle from one point to another, in `segments` pieces, its longitudes unwrapped (they
 * may pass ±180) so the line crosses the antimeridian rather than the whole map. Points closer
 * than about 1 km, or opposite on the globe, are joined straight.
 */
export function greatCircle(from: LngLat, to: LngLat, segments = 32): LngLat[] {
  const toVector = ([lng, lat]: LngLat) => [
    Math.cos(lat * RADIANS) * Math.cos(lng * RADIANS),
    Math.cos(lat * RADIANS) * Math.sin(lng * RADIANS),
    Math.sin(lat * RADIANS),
  ];
  const a = toVector(from);
  const b = toVector(to);
  const dot = Math.min(1, Math.max(-1, a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!));
  const angle = Math.acos(dot);
  const unwrap = (points: LngLat[]): LngLat[] => {
    const out: LngLat[] = [];
    for (const [lng, lat] of points) {
      const previous = out.at(-1);
      let next = lng;
      if (previous) {
        while (next - previous[0] > 180) next -= 360;
        while (next - previous[0] < -180) next += 360;
      }
      out.push([next, lat]);
    }
    return out;
  };
  if (angle < 1e-4 || Math.PI - angle < 1e-6) return unwrap([from, to]);
  const sin = Math.sin(angle);
  const points: LngLat[] = [];
  for (let i = 0; i <= segments; i++) {
    const f = i / segments;
    const wa = Math.sin((1 - f) * angle) / sin;
    const wb = Math.sin(f * angle) / sin;
    const x = wa * a[0]! + wb * b[0]!;
    const y = wa * a[1]! + wb * b[1]!;
    const z = wa * a[2]! + wb * b[2]!;
    points.push([Math.atan2(y, x) / RADIANS, Math.atan2(z, Math.hypot(x, y)) / RADIANS]);
  }
  // The ends exactly as given (no rounding drift).
  points[0] = from;
  points[segments] = to;
  return unwrap(points);
}

/** One line per journey with both ends located: a flight's arc, the others straight (and dashed). */
export function bookingLines(bookings: readonly TripBooking[]): BookingLines {
  const features: BookingLines['features'] = [];
  for (const booking of bookings) {
    if (!isTransport(booking.kind)) continue;
    const from = lngLatOf(booking.start);
    const to = lngLatOf(booking.end);
    if (!from || !to || (from[0] === to[0] && from[1] === to[1])) continue;
    const flight = booking.kind === 'flight';
    features.push({
      type: 'Feature',
      properties: { bookingId: booking._id, kind: booking.kind, style: flight ? 'flight' : 'ground' },
      geometry: { type: 'LineString', coordinates: flight ? greatCircle(from, to) : [from, to] },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface BookingMap {
  points: BookingPoint[];
  lines: BookingLines;
}

/** What the map draws of the bookings for a day filter. */
export function bookingMapOf(bookings: readonly TripBooking[], filter: DayFilter = ALL_DAYS): BookingMap {
  const shown = bookingsOnMapDay(bookings, filter);
  return { points: bookingPoints(shown), lines: bookingLines(shown) };
}
