import type { BookingEndBody, BookingPlaceBody } from '@tripcrew/contracts/trip-bookings';
import { isLocalDateTime, isTimeZone } from '@tripcrew/contracts/zoned-time';
import ICAL from 'ical.js';
import type { BookingDraft } from './booking-draft.ts';

/**
 * The events of an iCalendar file (an invitation a booking site attaches, or an .ics saved from
 * one) as booking drafts of kind 'other': SUMMARY the title, DTSTART and DTEND the wall clock
 * with their TZID as the zone (a UTC time in UTC, an all-day date at 00:00), LOCATION the place's
 * name, GEO its point, DESCRIPTION the notes. Recurring events give their first occurrence.
 */

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;

/** How many events are looked at in one file (the reader keeps at most 50 bookings). */
const MAX_EVENTS = 200;

export interface CalendarRead {
  drafts: BookingDraft[];
  /** Events the file cancels (METHOD:CANCEL or STATUS:CANCELLED), not made into drafts. */
  cancelled: number;
}

/** Throws (ical.js's own error) when the text is not iCalendar. */
function calendarsOf(text: string): Component[] {
  const parsed: unknown = ICAL.parse(text);
  const list = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed];
  return list.map((jcal) => new ICAL.Component(jcal as unknown[]));
}

/**
 * An IANA zone for a TZID: the TZID itself, the X-LIC-LOCATION of its VTIMEZONE, or the IANA
 * name at the end of a prefixed id ("/citadel.org/20190914_1/Europe/Lisbon"); undefined for
 * others ("W. Europe Standard Time"), which the user then picks.
 */
function zoneOfTzid(tzid: string | undefined, locations: ReadonlyMap<string, string>): string | undefined {
  if (!tzid) return undefined;
  const candidates = [tzid, locations.get(tzid) ?? ''];
  const parts = tzid.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i += 1) candidates.push(parts.slice(i).join('/'));
  return candidates.find((zone) => zone !== '' && isTimeZone(zone));
}

const two = (value: number) => String(value).padStart(2, '0');

/** A start or end of a DTSTART / DTEND property (or a time ical.js computed from a DURATION). */
function endOf(
  property: Property | null,
  time: unknown,
  tzidFallback: string | undefined,
  locations: ReadonlyMap<string, string>,
): BookingEndBody | undefined {
  if (!(time instanceof ICAL.Time)) return undefined;
  const local = `${String(time.year).padStart(4, '0')}-${two(time.month)}-${two(time.day)}T${
    time.isDate ? '00:00' : `${two(time.hour)}:${two(time.minute)}`
  }`;
  if (!isLocalDateTime(local)) return undefined;
  if (time.isDate) return { local };
  const tzidParam: unknown = property?.getFirstParameter('tzid');
  const tzid = typeof tzidParam === 'string' ? tzidParam : tzidFallback;
  const zone = time.zone?.tzid === 'UTC' ? 'UTC' : zoneOfTzid(tzid, locations);
  return zone ? { local, zone } : { local };
}

const textOf = (component: Component, name: string): string | undefined => {
  const value: unknown = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

function placeOf(event: Component): BookingPlaceBody | undefined {
  const name = textOf(event, 'location')?.replace(/\s+/g, ' ').trim();
  const geo: unknown = event.getFirstPropertyValue('geo');
  const [lat, lng] = Array.isArray(geo) ? geo.map(Number) : [];
  const point =
    lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? { lat, lng }
      : undefined;
  return name || point ? { ...(name ? { name } : {}), ...point } : undefined;
}

function draftOf(vevent: Component, locations: ReadonlyMap<string, string>): BookingDraft | undefined {
  const event = new ICAL.Event(vevent);
  const startProperty = vevent.getFirstProperty('dtstart');
  const tzidParam: unknown = startProperty?.getFirstParameter('tzid');
  const tzid = typeof tzidParam === 'string' ? tzidParam : undefined;
  const start = endOf(startProperty, event.startDate, undefined, locations);
  if (!start) return undefined;
  const hasEnd = vevent.hasProperty('dtend') || vevent.hasProperty('duration');
  const end = hasEnd ? endOf(vevent.getFirstProperty('dtend'), event.endDate, tzid, locations) : undefined;
  const place = placeOf(vevent);
  const description = textOf(vevent, 'description');
  return {
    kind: 'other',
    title: textOf(vevent, 'summary'),
    peopleLabel: 'Guest',
    people: [],
    seats: [],
    details: description ? [description] : [],
    start: place ? { ...start, place } : start,
    ...(end ? { end } : {}),
  };
}

/** The drafts of a calendar's events; throws when the text is not iCalendar. */
export function readCalendar(text: string): CalendarRead {
  const drafts: BookingDraft[] = [];
  let cancelled = 0;
  for (const calendar of calendarsOf(text)) {
    const vevents = calendar.name === 'vevent' ? [calendar] : calendar.getAllSubcomponents('vevent');
    const locations = new Map<string, string>();
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      const id = textOf(zone, 'tzid');
      const location = textOf(zone, 'x-lic-location');
      if (id && location) locations.set(id, location);
    }
    const method = textOf(calendar, 'method')?.toUpperCase();
    for (const vevent of vevents.slice(0, MAX_EVENTS)) {
      if (method === 'CANCEL' || textOf(vevent, 'status')?.toUpperCase() === 'CANCELLED') {
        cancelled += 1;
        continue;
      }
      const draft = draftOf(vevent, locations);
      if (draft) drafts.push(draft);
    }
  }
  return { drafts, cancelled };
}
