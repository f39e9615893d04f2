import { DEFAULT_BASE_CURRENCY } from '@tripcrew/contracts/currencies';
import {
  type BookingEnd,
  type BookingEndBody,
  type BookingKind,
  type BookingPlaceBody,
  createTripBookingBodySchema,
  type TripBooking,
  tripBookingSchema,
  updateTripBookingBodySchema,
} from '@tripcrew/contracts/trip-bookings';
import type { NewTripBooking, UpdateTripBookingBody } from '../../api/trip-bookings.ts';
import { hasTwoPlaces, placeModeOf } from './booking-kinds.ts';

/** A start or end as typed: its local date-time, zone ('' to let the server find it) and place. */
export interface EndValues {
  /** "2026-12-01T07:40" as a datetime-local input holds it; '' for none. */
  local: string;
  zone: string;
  name: string;
  address: string;
  iata: string;
  /** The place's point, kept from the booking (the form does not edit it). */
  point: { lat: number; lng: number } | null;
}

/** The form's values as typed ('' for none). */
export interface BookingValues {
  kind: BookingKind;
  title: string;
  provider: string;
  confirmationCode: string;
  carrier: string;
  number: string;
  seat: string;
  partySize: string;
  travellers: string[];
  costAmount: string;
  costCurrency: string;
  notes: string;
  hiddenFromShare: boolean;
  start: EndValues;
  end: EndValues;
}

export const TEXT_FIELDS = [
  'title',
  'provider',
  'confirmationCode',
  'carrier',
  'number',
  'seat',
  'notes',
] as const;
export type BookingTextField = (typeof TEXT_FIELDS)[number];

/** The parts of a booking a change sends whole (the body's keys, as a version conflict names them). */
export const CHANGES = [
  'kind',
  ...TEXT_FIELDS,
  'partySize',
  'travellers',
  'cost',
  'hiddenFromShare',
  'start',
  'end',
] as const;
export type BookingChange = (typeof CHANGES)[number];

/** The form's fields, each with its own error line. */
export type EndField = 'Local' | 'Zone' | 'Name' | 'Address' | 'Iata';
export type BookingField =
  | Exclude<BookingChange, 'cost' | 'start' | 'end'>
  | 'costAmount'
  | 'costCurrency'
  | `start${EndField}`
  | `end${EndField}`;
export type BookingFieldErrors = Partial<Record<BookingField, string>>;

export const EMPTY_END: EndValues = { local: '', zone: '', name: '', address: '', iata: '', point: null };

export const emptyBooking = (kind: BookingKind = 'flight'): BookingValues => ({
  kind,
  title: '',
  provider: '',
  confirmationCode: '',
  carrier: '',
  number: '',
  seat: '',
  partySize: '',
  travellers: [],
  costAmount: '',
  costCurrency: DEFAULT_BASE_CURRENCY,
  notes: '',
  hiddenFromShare: false,
  start: EMPTY_END,
  end: EMPTY_END,
});

function endValuesOf(end: BookingEnd | null): EndValues {
  if (!end) return EMPTY_END;
  return {
    local: end.local,
    zone: end.zone,
    name: end.place?.name ?? '',
    address: end.place?.address ?? '',
    iata: end.place?.iata ?? '',
    point: end.place?.coordinates ?? null,
  };
}

export function valuesOf(booking: TripBooking): BookingValues {
  return {
    kind: booking.kind,
    title: booking.title,
    provider: booking.provider,
    confirmationCode: booking.confirmationCode,
    carrier: booking.carrier,
    number: booking.number,
    seat: booking.seat,
    partySize: booking.partySize === null ? '' : String(booking.partySize),
    travellers: booking.travellers,
    costAmount: booking.cost?.amount ?? '',
    costCurrency: booking.cost?.currency ?? DEFAULT_BASE_CURRENCY,
    notes: booking.notes,
    hiddenFromShare: booking.hiddenFromShare,
    start: endValuesOf(booking.start),
    end: endValuesOf(booking.end),
  };
}

/** The booking as a 409 VERSION_CONFLICT says it is now (its `current` over the booking edited). */
export function valuesOfCurrent(current: Record<string, unknown>, booking: TripBooking): BookingValues {
  const parsed = tripBookingSchema.safeParse({ ...booking, ...current });
  return valuesOf(parsed.success ? parsed.data : booking);
}

function placeBody(end: EndValues, mode: 'iata' | 'name'): BookingPlaceBody | null {
  const iata = end.iata.trim().toUpperCase();
  const name = end.name.trim();
  if (mode === 'iata' && iata) return { iata };
  if (!name && !end.point && !(mode === 'name' && iata)) return null;
  return {
    ...(name ? { name } : {}),
    ...(end.address.trim() ? { address: end.address.trim() } : {}),
    ...(end.point ? { lat: end.point.lat, lng: end.point.lng } : {}),
    ...(iata ? { iata } : {}),
  };
}

function endBody(end: EndValues, place: BookingPlaceBody | null, zone: string): BookingEndBody {
  return { local: end.local.trim(), ...(zone.trim() ? { zone: zone.trim() } : {}), place };
}

/** The body's value of each part of the booking (a start or end whole), to send and compare. */
function partsOf(values: BookingValues) {
  const mode = placeModeOf(values.kind);
  const two = hasTwoPlaces(values.kind);
  const partySize = values.partySize.trim();
  const amount = values.costAmount.trim();
  return {
    kind: values.kind,
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field].trim()])) as Record<
      BookingTextField,
      string
    >),
    partySize: partySize === '' ? null : Number(partySize),
    travellers: [...values.travellers].sort(),
    cost: amount === '' ? null : { amount, currency: values.costCurrency.trim() },
    hiddenFromShare: values.hiddenFromShare,
    start: endBody(values.start, placeBody(values.start, mode), values.start.zone),
    // Lodging, a table, an event: the end is at the start's place, in its zone.
    end:
      values.end.local.trim() === ''
        ? null
        : two
          ? endBody(values.end, placeBody(values.end, mode), values.end.zone)
          : endBody(values.end, null, values.start.zone),
  } satisfies Record<BookingChange, unknown>;
}

/** The parts whose value differs from `base` (text compared trimmed, as the server keeps it). */
export function changedParts(values: BookingValues, base: BookingValues): BookingChange[] {
  const mine = partsOf(values);
  const theirs = partsOf(base);
  return CHANGES.filter((part) => JSON.stringify(mine[part]) !== JSON.stringify(theirs[part]));
}

/** `values` with `parts` as they are in `from`. */
export function withPartsOf(values: BookingValues, from: BookingValues, parts: readonly BookingChange[]) {
  const next = { ...values };
  for (const part of parts) {
    if (part === 'cost')
      Object.assign(next, { costAmount: from.costAmount, costCurrency: from.costCurrency });
    else Object.assign(next, { [part]: from[part] });
  }
  return next;
}

/** POST …/bookings: the parts given (empty texts and nothing-set parts left out). */
export function createBody(id: string, values: BookingValues): NewTripBooking {
  const parts = partsOf(values);
  const body: NewTripBooking = { _id: id, kind: parts.kind, start: parts.start };
  for (const field of TEXT_FIELDS) if (parts[field]) body[field] = parts[field];
  if (parts.partySize !== null) body.partySize = parts.partySize;
  if (parts.travellers.length > 0) body.travellers = parts.travellers;
  if (parts.cost) body.cost = parts.cost;
  if (parts.hiddenFromShare) body.hiddenFromShare = true;
  if (parts.end) body.end = parts.end;
  if (!parts.start.place) delete body.start.place;
  if (body.end && !body.end.place) delete body.end.place;
  return body;
}

/** PATCH …/bookings/{id}: the parts changed since `base` and the version the edit starts from; null when none. */
export function updateBody(
  values: BookingValues,
  base: BookingValues,
  version: number,
): UpdateTripBookingBody | null {
  const changed = changedParts(values, base);
  if (changed.length === 0) return null;
  const parts = partsOf(values);
  return { ...Object.fromEntries(changed.map((part) => [part, parts[part]])), version };
}

const END_FIELDS: Record<string, EndField> = {
  local: 'Local',
  zone: 'Zone',
  iata: 'Iata',
  address: 'Address',
};

/** The form field a problem belongs to, from its path ("start.place.iata", the server's `field`); null for the form. */
export function fieldOf(path: string | undefined, kind: BookingKind): BookingField | null {
  if (!path) return null;
  const [head, second, third] = path.split('.');
  if (head === 'start' || head === 'end') {
    if (second === undefined) return `${head}Local`;
    // Lodging, a table, an event: one zone, the start's, for both.
    if (second === 'zone' && !hasTwoPlaces(kind)) return 'startZone';
    if (second !== 'place') return END_FIELDS[second] ? `${head}${END_FIELDS[second]}` : null;
    const part: EndField = (third && END_FIELDS[third]) || (placeModeOf(kind) === 'iata' ? 'Iata' : 'Name');
    return `${head}${part}`;
  }
  if (head === 'cost') return second === 'currency' ? 'costCurrency' : 'costAmount';
  if ((CHANGES as readonly string[]).includes(head ?? '') && head !== 'start' && head !== 'end')
    return head as BookingField;
  return null;
}

/** The contract's problems with a body, per field (the first of each); `form` for the rest. */
export function bodyProblems(
  body: NewTripBooking | UpdateTripBookingBody,
  isNew: boolean,
  kind: BookingKind,
) {
  const parsed = (isNew ? createTripBookingBodySchema : updateTripBookingBodySchema).safeParse(body);
  const fields: BookingFieldErrors = {};
  let form: string | null = null;
  if (parsed.success) return { fields, form };
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'), kind);
    if (field && !fields[field]) fields[field] = issue.message;
    else if (!field && form === null) form = issue.message;
  }
  return { fields, form };
}
