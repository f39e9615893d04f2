/**
 * Times of day in the active locale (decision 029): '22:41' in English (24-hour clock, SPEC §9).
 * An event's time is shown in the zone it was given in (lib/format/parse.ts), never shifted.
 */
import { type DateInput, formatWith, type ZoneOption } from './parse.ts';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** '22:41' ('' when empty or invalid). */
export function formatTime(value: DateInput, zone?: ZoneOption): string {
  return formatWith(value, TIME, zone);
}

/** '5 May 2031, 10:00' ('' when empty or invalid). */
export function formatDateTime(value: DateInput, zone?: ZoneOption): string {
  return formatWith(value, { day: 'numeric', month: 'short', year: 'numeric', ...TIME }, zone);
}
