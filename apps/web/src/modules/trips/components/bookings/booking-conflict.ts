import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '../../../../lib/i18n/i18n.ts';
import { type BookingChange, type BookingValues, CHANGES, type EndValues } from './booking-form-values.ts';
import { endWordsOf, kindLabel } from './booking-kinds.ts';

const PART_NAMES: Record<Exclude<BookingChange, 'start' | 'end'>, MessageDescriptor> = {
  kind: msg`Kind`,
  title: msg`Title`,
  provider: msg`Provider`,
  confirmationCode: msg`Confirmation code`,
  carrier: msg`Carrier`,
  number: msg`Number`,
  seat: msg`Seat`,
  notes: msg`Notes`,
  partySize: msg`Party size`,
  travellers: msg`Travellers`,
  cost: msg`Cost`,
  hiddenFromShare: msg`Hidden from the share page`,
};

/** The parts of a 409 VERSION_CONFLICT as the form's ("start.local" is the start, "cost.amount" the cost). */
export function clashOf(fields: readonly string[]): BookingChange[] {
  const heads = new Set(fields.map((field) => field.split('.')[0]));
  return CHANGES.filter((part) => heads.has(part));
}

const endText = (end: EndValues): string =>
  [end.local.replace('T', ' '), end.zone, end.iata || end.name].filter(Boolean).join(', ');

function partText(values: BookingValues, part: BookingChange, names: (ids: string[]) => string): string {
  switch (part) {
    case 'start':
      return endText(values.start);
    case 'end':
      return endText(values.end);
    case 'kind':
      return kindLabel(values.kind);
    case 'cost':
      return values.costAmount.trim() ? `${values.costAmount.trim()} ${values.costCurrency}` : '';
    case 'travellers':
      return names(values.travellers);
    case 'hiddenFromShare':
      return values.hiddenFromShare ? i18n._(msg`Yes`) : i18n._(msg`No`);
    default:
      return values[part].trim();
  }
}

/** The clashing parts of one version, a line each ("Title: TP 1350"), for the conflict notice. */
export function conflictText(
  values: BookingValues,
  parts: readonly BookingChange[],
  names: (ids: string[]) => string,
): string {
  const words = endWordsOf(values.kind);
  return parts
    .map((part) => {
      const name = part === 'start' ? words.start : part === 'end' ? words.end : i18n._(PART_NAMES[part]);
      return `${name}: ${partText(values, part, names) || '—'}`;
    })
    .join('\n');
}
