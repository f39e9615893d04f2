import { lazyIntl } from '../../../../lib/lazy-intl.ts';

// Its own formatter (not lib/dates' formatLongDate): a lazy chunk using that one would keep it, and
// its export, in the first download (PERF-07 budget).
const dayFormat = lazyIntl(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const timeFormat = lazyIntl(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }));

const parse = (value: string): Date | null => {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '5 May 2031' for a day (YYYY-MM-DD) or an ISO date-time ('' when invalid). */
export function formatDay(value: string): string {
  const date = parse(value);
  return date ? dayFormat().format(date) : '';
}

/** '5 May 2031, 10:00' for an ISO date-time ('' when invalid). */
export function formatDayTime(value: string): string {
  const date = parse(value);
  return date ? `${dayFormat().format(date)}, ${timeFormat().format(date)}` : '';
}

/** "5 May 2031 – 8 May 2031", one day alone, or "Dates not set yet". */
export function tripDatesText(start: string | null, end: string | null): string {
  if (!start) return 'Dates not set yet';
  if (!end || end === start) return formatDay(start);
  return `${formatDay(start)} – ${formatDay(end)}`;
}
