/**
 * Days in words in the active locale (decision 029): '30 Nov 2026', 'Mon 3 Jun'. Apart from
 * lib/format/dates.ts, which the first download carries, so pages that write days in words fetch
 * these with their own chunks.
 */
import { type DateInput, formatWith, type ZoneOption } from './parse.ts';

/** A day in words: '30 Nov 2026' ('' when empty or invalid). */
export function formatLongDate(value: DateInput, zone?: ZoneOption): string {
  return formatWith(value, { day: 'numeric', month: 'short', year: 'numeric' }, zone);
}

/** A day of a plan: 'Mon 3 Jun' ('' when empty or invalid). */
export function formatDayLabel(value: DateInput, zone?: ZoneOption): string {
  return formatWith(value, { weekday: 'short', day: 'numeric', month: 'short' }, zone).replace(',', '');
}

/** The day of the week: 'Mon' ('' when empty or invalid). */
export function formatWeekday(value: DateInput, zone?: ZoneOption): string {
  return formatWith(value, { weekday: 'short' }, zone);
}

/** Two days in words: '5 May 2031 – 8 May 2031'; one day alone when they are the same or there is no end. */
export function formatDateRange(start: DateInput, end: DateInput, zone?: ZoneOption): string {
  const from = formatLongDate(start, zone);
  const to = formatLongDate(end, zone);
  return !from ? '' : !to || to === from ? from : `${from} – ${to}`;
}
