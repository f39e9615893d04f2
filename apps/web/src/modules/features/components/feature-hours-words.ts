import { msg } from '@lingui/core/macro';
import type { FeatureFacts, PriceLevel } from '@tripcrew/contracts/features';
import { type OpeningState, openingStateAt, openWindowsOn } from '@tripcrew/contracts/opening-hours';
import { formatLocalTime } from '../../../lib/format/zoned-times.ts';
import { activeLocale } from '../../../lib/i18n/active-locale.ts';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';

/** "Closed on Mondays", by weekday (0 = Sunday): a whole phrase each, for every language's grammar. */
const CLOSED_ON: readonly MessageDescriptor[] = [
  msg`Closed on Sundays`,
  msg`Closed on Mondays`,
  msg`Closed on Tuesdays`,
  msg`Closed on Wednesdays`,
  msg`Closed on Thursdays`,
  msg`Closed on Fridays`,
  msg`Closed on Saturdays`,
];

/** How a feature's hours read now, in the place's own time, and whether it is open. */
export interface HoursLine {
  text: string;
  tone: 'open' | 'closed';
}

/** The 'YYYY-MM-DD' day `days` after `date`. */
const laterDay = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The weekday (0 = Sunday) of a 'YYYY-MM-DD' date. */
const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** "Wed 09:30": a later day's short weekday name and the time, in the reader's language. */
function dayAndTime(date: string, time: string, intl: string): string {
  const weekday = new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return `${weekday} ${formatLocalTime(`${date}T${time}`, intl)}`;
}

/**
 * "Open · closes 18:00", "Opens at 10:00", "Closed on Mondays", "Closed · opens Wed 09:30": the
 * state at `now` of hours read in the place's zone `timeZone`; null when unknown (no hours, a
 * value that cannot be evaluated, or hours that say "unknown").
 */
export function hoursLine(
  hours: string | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
  intl: string = activeLocale().intl,
): HoursLine | null {
  if (!hours || !timeZone) return null;
  const state: OpeningState = openingStateAt(hours, now, timeZone);
  if (state.status === 'unknown') return null;
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  if (state.status === 'open') {
    if (!state.closesAt || !state.closesOn) return { text: i18n._(msg`Open 24 hours`), tone: 'open' };
    const time = formatLocalTime(`${state.closesOn}T${state.closesAt}`, intl);
    return { text: i18n._(msg`Open · closes ${time}`), tone: 'open' };
  }
  if (state.opensOn === today && state.opensAt) {
    const time = formatLocalTime(`${today}T${state.opensAt}`, intl);
    return { text: i18n._(msg`Opens at ${time}`), tone: 'closed' };
  }
  // Closed all day, on a weekday it always is ("Closed on Mondays"): closed that weekday three
  // weeks running (Christmas and New Year's Day may both fall on one).
  const weekday = weekdayOf(today);
  const closedWeekly =
    state.closedAllDay &&
    [0, 7, 14].every((days) => openWindowsOn(hours, laterDay(today, days))?.length === 0);
  if (closedWeekly) {
    const message = CLOSED_ON[weekday];
    if (message) return { text: i18n._(message), tone: 'closed' };
  }
  if (!state.opensAt || !state.opensOn) return { text: i18n._(msg`Closed`), tone: 'closed' };
  const when = dayAndTime(state.opensOn, state.opensAt, intl);
  return { text: i18n._(msg`Closed · opens ${when}`), tone: 'closed' };
}

const PRICE_WORDS: Record<PriceLevel, MessageDescriptor> = {
  free: msg`Free`,
  low: msg`€`,
  moderate: msg`€€`,
  high: msg`€€€`,
};

/** "About 1 h 30 min": a typical visit. */
export function visitWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return i18n._(msg`About ${rest} min`);
  if (rest === 0) return i18n._(msg`About ${hours} h`);
  return i18n._(msg`About ${hours} h ${rest} min`);
}

/** The price level in symbols ("€€") or "Free". */
export const priceWords = (level: PriceLevel): string => i18n._(PRICE_WORDS[level]);

/** "Hours checked May 2026, confirm before you go". */
export function checkedWords(
  checked: FeatureFacts['hoursChecked'],
  intl: string = activeLocale().intl,
): string | null {
  if (!checked || !/^\d{4}-\d{2}$/.test(checked.month)) return null;
  const month = new Intl.DateTimeFormat(intl, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${checked.month}-15T12:00:00Z`),
  );
  return i18n._(msg`Hours checked ${month}, confirm before you go`);
}
