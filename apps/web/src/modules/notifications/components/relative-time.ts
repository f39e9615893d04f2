import { formatDotDate, parseDate } from '../../../lib/dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Short relative time for a notification: 'just now', '5 min ago', '3 h ago', '2 days ago', else dd.mm.yyyy. */
export function formatRelativeTime(value: string, now: number = Date.now()): string {
  const date = parseDate(value);
  if (!date) return '';
  const diff = Math.max(0, now - date.getTime());
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} h ago`;
  const days = Math.floor(diff / DAY);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDotDate(date);
}
