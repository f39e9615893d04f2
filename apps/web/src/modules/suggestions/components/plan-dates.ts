import { msg } from '@lingui/core/macro';
import { activeLocale } from '../../../lib/i18n/active-locale.ts';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a 'YYYY-MM-DD' day (0 = Sunday), whatever the browser's zone. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The first day from `from` on (itself included) on which the plan may start; `from` when none. */
export function firstStartOnOrAfter(from: string, startDays: readonly number[]): string {
  for (let offset = 0; offset < 7; offset += 1) {
    const day = addDays(from, offset);
    if (startDays.includes(weekdayOf(day))) return day;
  }
  return from;
}

/** Weekday names as a start: whole phrases, for every language's grammar. */
const WEEKDAYS: readonly MessageDescriptor[] = [
  msg`Sunday`,
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
];

/** "Every day", or the weekdays from Monday on: "Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday". */
export function startDaysWords(startDays: readonly number[]): string {
  if (startDays.length === 7) return i18n._(msg`any day`);
  const ordered = [1, 2, 3, 4, 5, 6, 0].filter((day) => startDays.includes(day));
  return new Intl.ListFormat(activeLocale().intl, { type: 'disjunction' }).format(
    ordered.map((day) => i18n._(WEEKDAYS[day] as MessageDescriptor)),
  );
}
