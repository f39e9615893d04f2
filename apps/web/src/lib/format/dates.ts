/**
 * Days in the active locale (decision 029). SPEC §9 fixes English: home and cards dd.mm.yyyy, trip
 * detail dd/mm/yyyy ('--/--/----' when empty), profile member-since day.month.year; other
 * languages write the same numeric date their own way (11.12.2026 in German, 11/12/2026 in French).
 */
import { activeLocale } from '../i18n/active-locale.ts';
import { type DateInput, dated, dateFormat, type ZoneOption } from './parse.ts';

export type NumericDateStyle = 'card' | 'detail' | 'member-since';

/** SPEC §9's separators for English, by style. */
const ENGLISH_SEPARATOR: Record<NumericDateStyle, string> = { card: '.', detail: '/', 'member-since': '.' };

function numericParts(value: DateInput, style: NumericDateStyle, zone?: ZoneOption) {
  const found = dated(value, zone) ?? { date: new Date(Date.UTC(2000, 0, 1)), timeZone: 'UTC' };
  const digits = style === 'member-since' ? 'numeric' : '2-digit';
  const parts = dateFormat({ day: digits, month: digits, year: 'numeric' }, found.timeZone).formatToParts(
    found.date,
  );
  if (activeLocale().code !== 'en') return parts.map((part) => part.value);
  // English: SPEC §9's separator, and no leading zeros for member-since (en-GB pads them).
  return parts.map((part) =>
    part.type === 'literal'
      ? ENGLISH_SEPARATOR[style]
      : style === 'member-since'
        ? String(Number(part.value))
        : part.value,
  );
}

/** Home and cards: '11.12.2026' in English ('' when empty or invalid). */
export function formatCardDate(value: DateInput, zone?: ZoneOption): string {
  return dated(value, zone) ? numericParts(value, 'card', zone).join('') : '';
}

/** Trip detail: '11/12/2026' in English; the pattern in dashes ('--/--/----') when empty or invalid. */
export function formatDetailDate(value: DateInput, zone?: ZoneOption): string {
  const parts = numericParts(value, 'detail', zone);
  return dated(value, zone) ? parts.join('') : parts.map((part) => part.replace(/\d/g, '-')).join('');
}

/** What an empty trip-detail date shows: '--/--/----' in English. */
export const emptyDetailDate = (): string => formatDetailDate(null);

/** Profile "member since": '5.3.2024' in English ('' when empty or invalid). */
export function formatMemberSince(value: DateInput, zone?: ZoneOption): string {
  return dated(value, zone) ? numericParts(value, 'member-since', zone).join('') : '';
}

/** Two days as on cards: '05.05.2031 – 08.05.2031'; one day alone when they are the same or there is no end. */
export function formatCardDateRange(start: DateInput, end: DateInput, zone?: ZoneOption): string {
  const from = formatCardDate(start, zone);
  const to = formatCardDate(end, zone);
  return !from ? '' : !to || to === from ? from : `${from} – ${to}`;
}
