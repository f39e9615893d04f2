/** How long ago, in the active locale (decision 029): 'now', '5 min ago', 'yesterday', '3 days ago'. */
import { activeLocale } from '../i18n/active-locale.ts';
import { lazyIntlBy } from '../lazy-intl.ts';
import { formatCardDate } from './dates.ts';
import { dated, type DateInput } from './parse.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = lazyIntlBy((intl) => new Intl.RelativeTimeFormat(intl, { style: 'short', numeric: 'auto' }));

/**
 * A past moment from `now`: within a minute 'now', then minutes, hours and days; a week or more
 * ago the day itself (formatCardDate). '' when empty or invalid.
 */
export function formatRelativeTime(value: DateInput, now: number = Date.now()): string {
  const found = dated(value);
  if (!found) return '';
  const format = relative(activeLocale().intl);
  const diff = Math.max(0, now - found.date.getTime());
  if (diff < MINUTE) return format.format(0, 'second');
  if (diff < HOUR) return format.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return format.format(-Math.floor(diff / HOUR), 'hour');
  const days = Math.floor(diff / DAY);
  return days < 7 ? format.format(-days, 'day') : formatCardDate(found.date);
}
