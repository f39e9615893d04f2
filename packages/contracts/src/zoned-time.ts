/**
 * Times local to where things happen (a departure at 07:40 Lisbon time): a local date-time
 * ("2026-12-01T07:40") and an IANA time zone ("Europe/Lisbon"), turned into the instant with the
 * platform's Intl data alone, so the server and every browser agree whatever zone they run in.
 */

/** A local date-time to the minute: "2026-12-01T07:40". */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True for a time zone the platform knows by its IANA name ("Europe/Lisbon", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** True for a well-formed local date-time that exists on the calendar ("2026-02-30T10:00" does not). */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 1900 &&
    year <= 2200 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

/** Wall-clock fields of a moment in some zone: month 1-12, hour 0-23. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of `instant` in the IANA zone `zone` (RangeError for an unknown zone). */
export function wallClockAt(instant: Date, zone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines still print midnight as "24" under h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes the zone is ahead of UTC at `instant` (Lisbon in winter 0, New York in winter -300). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const wall = wallClockAt(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a local date-time in a zone. A time skipped by a clock change (02:30 on a spring
 * night) is read with the offset before the change (it lands an hour later, as clocks show); a
 * time that happens twice (autumn) is its first occurrence.
 */
export function instantOf(local: string, zone: string): Date {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new RangeError(`Not a local date-time: ${local}`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a few hours either side of the wall time cover any clock change on that day.
  const before = zoneOffsetMinutes(new Date(wall - 12 * 3_600_000), zone);
  const after = zoneOffsetMinutes(new Date(wall + 12 * 3_600_000), zone);
  const candidates = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => zoneOffsetMinutes(new Date(instant), zone) * 60_000 === wall - instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}

/** The local date-time ("2026-12-01T07:40") of an instant in a zone. */
export function localOf(instant: Date, zone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, zone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * The zone's short name at an instant ("WET", "EST"): the locale's own when it has one, else the
 * English names (which hold most), else the offset ("GMT+1").
 */
export function zoneAbbreviation(instant: Date, zone: string, locale = 'en-GB'): string {
  const nameIn = (tag: string) =>
    new Intl.DateTimeFormat(tag, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  let name = nameIn(locale);
  for (const tag of ['en-US', 'en-GB']) {
    if (!/^(GMT|UTC)[+-−]/.test(name)) break;
    const other = nameIn(tag);
    if (!/^(GMT|UTC)[+-−]/.test(other)) name = other;
  }
  return name;
}
