/**
 * How lib/format reads a date (decision 029). A day ('2026-12-11') and a date-time without an offset
 * ('2026-12-11T10:00') are wall-clock values: shown as written, whatever the browser's zone. A
 * date-time with an offset ('…T10:00+01:00') is shown at that offset. A timestamp ('…Z', a number, a
 * Date) is an instant: shown in the zone asked for, else the browser's.
 */
import { lazyIntlBy } from '../lazy-intl.ts';
import { activeLocale } from '../i18n/active-locale.ts';

export type DateInput = Date | string | number | null | undefined;

export interface ZoneOption {
  /** An IANA zone ('Europe/Lisbon') to show an instant in. */
  timeZone?: string;
}

/** A date ready for Intl: the Date and the zone to format it in (undefined: the browser's). */
export interface Dated {
  date: Date;
  timeZone: string | undefined;
}

const WALL_CLOCK =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The date and zone to show `value` in; null when empty or no real date. */
export function dated(value: DateInput, { timeZone }: ZoneOption = {}): Dated | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') {
    const date = new Date(value instanceof Date ? value.getTime() : value);
    return Number.isNaN(date.getTime()) ? null : { date, timeZone };
  }
  const match = WALL_CLOCK.exec(value.trim());
  if (match) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', offset] = match;
    const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
    const utc = Date.UTC(...fields);
    const date = new Date(utc);
    // No such day (2026-02-30): Date.UTC would roll it over.
    if (date.getUTCDate() !== fields[2] || date.getUTCMonth() !== fields[1]) return null;
    if (offset === 'Z') return { date, timeZone };
    if (offset && timeZone) {
      const sign = offset.startsWith('-') ? -1 : 1;
      const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2));
      return { date: new Date(utc - sign * minutes * 60_000), timeZone };
    }
    // As written: the wall clock of the value itself, read in UTC so no zone shifts it.
    return { date, timeZone: 'UTC' };
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone };
}

/** A date-time formatter of the active locale for these options and zone, built on first use. */
const formats = lazyIntlBy((key) => {
  const [intl, zone, options] = key.split('|') as [string, string, string];
  return new Intl.DateTimeFormat(intl, { ...JSON.parse(options), timeZone: zone || undefined });
});

export function dateFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  return formats(`${activeLocale().intl}|${timeZone ?? ''}|${JSON.stringify(options)}`);
}

/** `value` with these options in the active locale ('' when empty or invalid). */
export function formatWith(value: DateInput, options: Intl.DateTimeFormatOptions, zone?: ZoneOption): string {
  const found = dated(value, zone);
  return found ? dateFormat(options, found.timeZone).format(found.date) : '';
}
