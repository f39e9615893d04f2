/**
 * What is next on a trip, in one line: "Flight TP 1350 · tomorrow 07:40 Lisbon time". The time is
 * the wall clock where the booking starts (never the browser's zone), and "today" and "tomorrow"
 * are judged by the date it is now in that zone.
 *
 * Apart from zoned-times.ts because the home page's upcoming-trip cards run it: this file uses only
 * what the first download already carries (parse.ts, Intl, the message runtime), so the home page
 * fetches neither zoned-times.ts nor the contracts' zoned-time file (decisions 027 and 029).
 */
import { t } from '@lingui/core/macro';
import { activeLocale } from '../i18n/active-locale.ts';
import { lazyIntlBy } from '../lazy-intl.ts';
import { type DateInput, formatWith } from './parse.ts';

/** What starts next: a trip list's `next` booking has these. */
export interface NextStart {
  /** "Flight TP 1350". */
  title: string;
  /** "2026-12-01T07:40", local to where it starts. */
  startLocal: string;
  /** "Europe/Lisbon". */
  startZone: string;
}

const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const dayWords = lazyIntlBy((intl) => new Intl.RelativeTimeFormat(intl, { numeric: 'auto' }));

/** The date `now` is in `zone`, written as DAY; '' for a zone this browser does not know. */
function dateIn(now: DateInput, zone: string): string {
  try {
    return formatWith(now, DAY, { timeZone: zone });
  } catch {
    return '';
  }
}

/**
 * "Flight TP 1350 · tomorrow 07:40 Lisbon time": the title, then today, tomorrow or the short date
 * ("12 Jan") as it is now where the booking starts, its local time and its zone's city. The title
 * alone when the start is no local date-time.
 */
export function formatNextStart(next: NextStart, now: DateInput = Date.now()): string {
  const { title, startLocal, startZone } = next;
  const time = formatWith(startLocal, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (!time) return title;
  const date = startLocal.slice(0, 10);
  const today = dateIn(now, startZone);
  // Wall-clock days, read in UTC: no clock change in the way.
  const ahead =
    today === formatWith(date, DAY)
      ? 0
      : today === formatWith(Date.parse(date) - 864e5, DAY, { timeZone: 'UTC' })
        ? 1
        : -1;
  const day =
    ahead < 0
      ? formatWith(startLocal, { day: 'numeric', month: 'short' })
      : dayWords(activeLocale().intl).format(ahead, 'day');
  const city = startZone.slice(startZone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return t`${title} · ${day} ${time} ${city} time`;
}
