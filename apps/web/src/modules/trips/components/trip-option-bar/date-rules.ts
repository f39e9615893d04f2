import { msg } from '@lingui/core/macro';
import { addDays, DAY_MS, parseDate, startOfDay, toIsoDate } from '../../../../lib/dates.ts';

export const PAST_DATE_WARNING = msg`Please select a future date`;
export const DAY_COUNT_MIN = 0;
export const DAY_COUNT_MAX = 99999;

/** Day-count inputs are clamped to 0..99999 (SPEC §5); non-numbers become 0. */
export function clampDayCount(value: number): number {
  if (!Number.isFinite(value)) return DAY_COUNT_MIN;
  return Math.min(DAY_COUNT_MAX, Math.max(DAY_COUNT_MIN, Math.trunc(value)));
}

/** A start before today (earlier than now, at day precision) is refused. */
export function isPastStart(start: string, now: Date): boolean {
  const date = parseDate(start);
  return date === null || date.getTime() < startOfDay(now).getTime();
}

/** Whole days between two yyyy-mm-dd dates (0 when either is missing). */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) return 0;
  return Math.max(0, Math.round((startOfDay(b).getTime() - startOfDay(a).getTime()) / DAY_MS));
}

/** The range starting `daysFromNow` days after today and lasting `nights` nights. */
export function rangeFromCounts(
  daysFromNow: number,
  nights: number,
  now: Date,
): { start: string; end: string } {
  const start = addDays(startOfDay(now), clampDayCount(daysFromNow));
  return { start: toIsoDate(start), end: toIsoDate(addDays(start, clampDayCount(nights))) };
}
