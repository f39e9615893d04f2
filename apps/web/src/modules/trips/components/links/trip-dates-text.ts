import { formatLongDate } from '../../../../lib/dates.ts';

/** "5 May 2031 – 8 May 2031", one day alone, or "Dates not set yet". */
export function tripDatesText(start: string | null, end: string | null): string {
  if (!start) return 'Dates not set yet';
  if (!end || end === start) return formatLongDate(start);
  return `${formatLongDate(start)} – ${formatLongDate(end)}`;
}
