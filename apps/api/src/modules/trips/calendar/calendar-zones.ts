import { zoneOffsetMinutes } from '@tripcrew/contracts/zoned-time';

/**
 * VTIMEZONE components (RFC 5545 §3.6.5) for the IANA zones a calendar's timed events name with
 * TZID, built from the platform's zone data (no tz files shipped): for each zone, its offset at
 * the start of the span the events cover and every change of offset within it, each as its own
 * STANDARD or DAYLIGHT sub-component with no recurrence rule, so any reader (ical.js, Google,
 * Apple, Outlook) puts each event at the instant it has, clock changes included.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "+0100", "-0500", "+0530": an offset in minutes as iCalendar writes it. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** "20310110T100000": a local date-time ("2031-01-10T10:00") as iCalendar writes it. */
export const icalLocal = (local: string): string => `${local.replace(/[-:]/g, '')}00`;

/** The instants at which the zone's offset changes between `from` and `to` (to the minute). */
function offsetChanges(zone: string, from: number, to: number): number[] {
  const changes: number[] = [];
  let previous = zoneOffsetMinutes(new Date(from), zone);
  for (let t = from + DAY; t <= to + DAY; t += DAY) {
    const offset = zoneOffsetMinutes(new Date(t), zone);
    if (offset === previous) continue;
    // Narrow the change down to the minute within the day.
    let low = t - DAY;
    let high = t;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMinutes(new Date(mid), zone) === previous) low = mid;
      else high = mid;
    }
    changes.push(high);
    previous = offset;
  }
  return changes;
}

/** The VTIMEZONE lines of `zone` covering the instants `from`..`to` (ms since the epoch). */
export function vtimezone(zone: string, from: number, to: number): string[] {
  // A week either side: an event's end, a reader's rounding, are inside the span.
  const start = from - 7 * DAY;
  const end = to + 7 * DAY;
  const initial = zoneOffsetMinutes(new Date(start), zone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const component = (at: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset > fromOffset ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time of the change in the offset it had before (RFC 5545).
    const local = new Date(at + fromOffset * 60_000).toISOString().slice(0, 16);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${icalLocal(local)}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `END:${kind}`,
    );
  };
  component(start, initial, initial);
  let previous = initial;
  for (const at of offsetChanges(zone, start, end)) {
    const offset = zoneOffsetMinutes(new Date(at), zone);
    component(at, previous, offset);
    previous = offset;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
