/**
 * Times local to where they happen (a booking's departure at 07:40 Lisbon time), in the active
 * locale (decision 029): the wall clock as it was given, its zone's short name beside it, never
 * the browser's zone. Built on Intl and packages/contracts zoned-time.ts alone.
 */
import { instantOf, isLocalDateTime, isTimeZone, zoneAbbreviation } from '@tripcrew/contracts/zoned-time';
import { activeLocale } from '../i18n/active-locale.ts';
import { lazyIntlBy } from '../lazy-intl.ts';

/** A start or end of something: its local date-time, its IANA zone and the instant they make. */
export interface ZonedEnd {
  /** "2026-12-01T07:40", local to where it happens. */
  local: string;
  /** "Europe/Lisbon"; '' while nobody knows it yet (the server finds it). */
  zone: string;
  /** ISO 8601 instant ("2026-12-01T07:40:00.000Z"). */
  at: string;
}

/** Formatters by locale and options, built on first use (the wall clock is read in UTC). */
const formats = lazyIntlBy((key) => {
  const [locale, options] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(locale, { ...JSON.parse(options), timeZone: 'UTC' });
});
const format = (locale: string, options: Intl.DateTimeFormatOptions) =>
  formats(`${locale}|${JSON.stringify(options)}`);

/** The wall clock of a local date-time as a Date read in UTC; null when it is no local date-time. */
function wallClock(local: string): Date | null {
  return isLocalDateTime(local) ? new Date(`${local}:00.000Z`) : null;
}

/** The instant of an end: its `at`, else its local time in its zone; null when neither reads. */
function instantOfEnd(end: ZonedEnd): Date | null {
  const at = end.at ? new Date(end.at) : null;
  if (at && !Number.isNaN(at.getTime())) return at;
  if (!isTimeZone(end.zone) || !wallClock(end.local)) return null;
  return instantOf(end.local, end.zone);
}

/** The time of day of a local date-time as written: "07:40" ('' when it is none). */
export function formatLocalTime(local: string, locale: string = activeLocale().intl): string {
  const date = wallClock(local);
  return date ? format(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date) : '';
}

/**
 * The time as it is where it happens, with its zone's short name: "07:40 WET" (Lisbon in winter),
 * "07:40 GMT+9" where the locale has no name. Without a known zone, the time alone.
 */
export function formatZonedTime(end: ZonedEnd, locale: string = activeLocale().intl): string {
  const time = formatLocalTime(end.local, locale);
  if (!time || !isTimeZone(end.zone)) return time;
  const instant = instantOfEnd(end);
  return instant ? `${time} ${zoneAbbreviation(instant, end.zone, locale)}` : time;
}

/** The day of a local date-time (or a day "2026-12-01") as it is where it happens: "Tuesday 1 December 2026". */
export function formatZonedDate(local: string, locale: string = activeLocale().intl): string {
  const date = wallClock(local.length === 10 ? `${local}T00:00` : local);
  return date
    ? format(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date)
    : '';
}

/** The short day of a local date-time: "1 Dec" ('' when it is none), for an end on another day. */
export function formatZonedShortDate(local: string, locale: string = activeLocale().intl): string {
  const date = wallClock(local);
  return date ? format(locale, { day: 'numeric', month: 'short' }).format(date) : '';
}

const numbers = lazyIntlBy((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));

/**
 * How long from one instant to another, in hours and minutes: "7 h 50", "2 h", "45 min"; '' when
 * either is no instant or the second is not after the first. Computed from the instants, so a
 * flight across zones (or a clock change) takes what it really takes.
 */
export function formatDuration(fromAt: string, toAt: string, locale: string = activeLocale().intl): string {
  const from = new Date(fromAt).getTime();
  const to = new Date(toAt).getTime();
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return '';
  const total = Math.round((to - from) / 60_000);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const number = numbers(locale);
  if (hours === 0) return `${number.format(minutes)} min`;
  if (minutes === 0) return `${number.format(hours)} h`;
  return `${number.format(hours)} h ${number.format(minutes).padStart(2, number.format(0))}`;
}
