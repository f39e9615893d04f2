/**
 * Date arithmetic for SPEC §4 / §5. Date-only strings (yyyy-mm-dd) are local calendar dates. How a
 * date is written for people is lib/format's (decision 029).
 */
export type DateInput = Date | string | number | null | undefined;

export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid Date, or null for empty/invalid input. 'yyyy-mm-dd' is read as local midnight, not UTC. */
export function parseDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const trimmed = value.trim();
  const match = DATE_ONLY.exec(trimmed);
  if (match) {
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    const date = new Date(year, month - 1, day);
    const sameDay = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
    return sameDay ? date : null;
  }
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isValidDate(value: DateInput): boolean {
  return parseDate(value) !== null;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** Local calendar date as yyyy-mm-dd (the trip draft / URL format). */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Adds calendar days (DST-safe: keeps local midnight at local midnight). */
export function addDays(date: Date, days: number): Date {
  const result = new Date(date.getTime());
  result.setDate(result.getDate() + days);
  return result;
}

/**
 * The Monday that starts next week (weeks start on Monday): the first Monday strictly after
 * today's local date, at local midnight. Sunday → tomorrow; Monday → in 7 days; Saturday → in 2 days.
 */
export function nextMonday(now: Date): Date {
  const today = startOfDay(now);
  const daysUntil = (8 - today.getDay()) % 7 || 7;
  return addDays(today, daysUntil);
}

/** SPEC §5 defaults for a trip without dates: next Monday and seven days after it (yyyy-mm-dd). */
export function defaultTripDates(now: Date): { start: string; end: string } {
  const start = nextMonday(now);
  return { start: toIsoDate(start), end: toIsoDate(addDays(start, 7)) };
}

export type TripDateLabel = 'current' | 'soon' | 'upcoming' | 'past' | 'in 1 day' | `in ${number} days`;

/**
 * Trip date status label (SPEC §4): 'past' after the end; 'current' between start and end;
 * 'soon' when the start is less than a day away; 'in N days' (N = whole days, 1..6) for fewer
 * than 7 days; 'upcoming' otherwise. null when the start is missing or invalid.
 */
export function tripDateStatus(
  start: DateInput,
  end: DateInput,
  now: DateInput = new Date(),
): TripDateLabel | null {
  const from = parseDate(start);
  const reference = parseDate(now);
  if (!from || !reference) return null;
  const to = parseDate(end);
  const at = reference.getTime();
  if (to && at > to.getTime()) return 'past';
  if (at >= from.getTime()) return 'current';
  const until = from.getTime() - at;
  if (until < DAY_MS) return 'soon';
  if (until < 7 * DAY_MS) {
    const days = Math.floor(until / DAY_MS);
    return days === 1 ? 'in 1 day' : `in ${days} days`;
  }
  return 'upcoming';
}
