/**
 * iCalendar (RFC 5545) for a trip (PLANNER-09). Lines end with CRLF and are folded at 75 octets
 * (never inside a UTF-8 character); text values are escaped (backslash, semicolon, comma,
 * newline).
 *
 * Times: a stop is at its place in the day's timeline (arrival to departure, as the planner shows
 * it), in its place's IANA zone as TZID, with the timeline's warnings in its description ("Closed
 * on this day"). An item with a time but no zone (a timed note, a stop whose zone is unknown) is a
 * floating local time (RFC 5545 §3.3.5, form #1, e.g. DTSTART:20261201T093000) lasting its visit
 * or one hour; an untimed note is an all-day event on its day. UIDs are the trip's and the items'
 * ids, so a calendar that subscribes or imports again updates its events rather than adding new ones.
 *
 * Bookings are timed where they happen: DTSTART and DTEND carry the IANA zone of their place as
 * TZID (a flight leaves at 07:40 Lisbon time and lands at 12:50 New York time), with a VTIMEZONE
 * for each zone (calendar-zones.ts), so every reader puts them at their instant.
 */
import { icalLocal, vtimezone } from './calendar-zones.ts';

export interface CalendarTrip {
  id: string;
  name: string;
  /** YYYY-MM-DD or null */
  startDate: string | null;
  endDate: string | null;
}

export interface CalendarItem {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or null: an all-day event on its day */
  time: string | null;
  summary: string;
  location?: string | undefined;
  description?: string | undefined;
  /** Its place in the day's timeline ('HH:MM', local), its zone, and its warnings in words. */
  times?:
    { arrive: string; leave: string; zone: string | null; at: Date | null; warnings: string[] } | undefined;
}

/** A booking: its start and end where they happen. */
export interface CalendarBooking {
  id: string;
  summary: string;
  start: { local: string; zone: string; at: Date };
  end: { local: string; zone: string; at: Date } | null;
  location?: string | undefined;
  description?: string | undefined;
}

const CRLF = '\r\n';

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line at 75 octets (RFC 5545 §3.1), continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const compactDay = (day: string) => day.replace(/-/g, '');

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/** The VTIMEZONE of every zone the bookings and the timed stops name, each covering the span of its events. */
function zonesOf(bookings: readonly CalendarBooking[], items: readonly CalendarItem[]): string[] {
  const spans = new Map<string, [number, number]>();
  const ends = [
    ...bookings.flatMap((booking) => [booking.start, booking.end]),
    ...items.map((item) =>
      item.times?.zone && item.times.at ? { zone: item.times.zone, at: item.times.at } : null,
    ),
  ];
  for (const end of ends) {
    if (!end) continue;
    const at = end.at.getTime();
    const span = spans.get(end.zone);
    spans.set(end.zone, span ? [Math.min(span[0], at), Math.max(span[1], at)] : [at, at]);
  }
  return [...spans].flatMap(([zone, [from, to]]) => vtimezone(zone, from, to));
}

/** DTSTART and DTEND of an item with a place in its day: in its zone, or floating without one. */
function timedLines(date: string, times: NonNullable<CalendarItem['times']>): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  // A departure earlier on the clock than the arrival is after midnight: the next day.
  const endDate = minutes(times.leave) < minutes(times.arrive) ? nextDay(date) : date;
  const stamp = (day: string, time: string) => `${compactDay(day)}T${time.replace(':', '')}00`;
  const zone = times.zone && times.at ? `;TZID=${times.zone}` : '';
  return times.leave === times.arrive
    ? [`DTSTART${zone}:${stamp(date, times.arrive)}`, 'DURATION:PT1H']
    : [`DTSTART${zone}:${stamp(date, times.arrive)}`, `DTEND${zone}:${stamp(endDate, times.leave)}`];
}

function bookingEvent(booking: CalendarBooking, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@tripcrew`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${booking.start.zone}:${icalLocal(booking.start.local)}`,
    booking.end ? `DTEND;TZID=${booking.end.zone}:${icalLocal(booking.end.local)}` : 'DURATION:PT1H',
    `SUMMARY:${escapeText(booking.summary)}`,
  ];
  if (booking.location) lines.push(`LOCATION:${escapeText(booking.location)}`);
  if (booking.description) lines.push(`DESCRIPTION:${escapeText(booking.description)}`);
  lines.push('END:VEVENT');
  return lines;
}

export function buildCalendar(
  trip: CalendarTrip,
  items: CalendarItem[],
  now: Date = new Date(),
  bookings: readonly CalendarBooking[] = [],
): string {
  const stamp = utcStamp(now);
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tripcrew//Trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(trip.name)}`,
    ...zonesOf(bookings, items),
  ];
  if (trip.startDate && trip.endDate) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:trip-${trip.id}@tripcrew`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDay(trip.startDate)}`,
      `DTEND;VALUE=DATE:${compactDay(nextDay(trip.endDate))}`,
      `SUMMARY:${escapeText(trip.name)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  for (const item of items) {
    lines.push('BEGIN:VEVENT', `UID:item-${item.id}@tripcrew`, `DTSTAMP:${stamp}`);
    if (item.times) {
      lines.push(...timedLines(item.date, item.times));
    } else if (item.time === null) {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDay(item.date)}`,
        `DTEND;VALUE=DATE:${compactDay(nextDay(item.date))}`,
        'TRANSP:TRANSPARENT',
      );
    } else {
      lines.push(`DTSTART:${compactDay(item.date)}T${item.time.replace(':', '')}00`, 'DURATION:PT1H');
    }
    lines.push(`SUMMARY:${escapeText(item.summary)}`);
    if (item.location) lines.push(`LOCATION:${escapeText(item.location)}`);
    const description = [item.description, ...(item.times?.warnings ?? []).map((w) => `⚠ ${w}`)]
      .filter(Boolean)
      .join('\n');
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
    lines.push('END:VEVENT');
  }
  for (const booking of bookings) lines.push(...bookingEvent(booking, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
