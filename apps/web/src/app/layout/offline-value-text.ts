import { isRecord } from '../../lib/api-error.ts';

/**
 * A value of the offline body as the notice shows it, in the words of the server's history: a
 * start or end "2026-12-01T07:40 Europe/Lisbon · LIS", a cost "412.30 EUR", a list joined.
 */
export function offlineValueText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(offlineValueText).join(',');
  if (!isRecord(value)) return String(value);
  if (typeof value.local === 'string') {
    const place = isRecord(value.place)
      ? [value.place.iata, value.place.name].filter(Boolean).join(', ')
      : '';
    return [`${value.local}${typeof value.zone === 'string' ? ` ${value.zone}` : ''}`, place]
      .filter(Boolean)
      .join(' · ');
  }
  if ('amount' in value && 'currency' in value)
    return `${offlineValueText(value.amount)} ${offlineValueText(value.currency)}`;
  return JSON.stringify(value);
}
