import { fromMinorUnits, MAX_AMOUNT_MINOR, toMinorUnits } from '@tripcrew/contracts/currencies';
import {
  BOOKING_CODE_MAX,
  BOOKING_NOTES_MAX,
  BOOKING_TEXT_MAX,
  BOOKING_TITLE_MAX,
  createTripBookingBodySchema,
  type BookingEndBody,
  type BookingKind,
  type BookingPlaceBody,
  type CreateTripBookingBody,
} from '@tripcrew/contracts/trip-bookings';

/**
 * A booking as read from a file, before it becomes a create body: the people it names and the
 * seats kept apart, so two reservations of the same flight (one per passenger, as airlines send
 * them) merge into one booking. `finishDraft` makes the body and checks it with the contract's
 * schema, cutting what is too long and dropping what would still be refused.
 */
export interface BookingDraft {
  kind: BookingKind;
  title?: string;
  provider?: string;
  confirmationCode?: string;
  carrier?: string;
  number?: string;
  partySize?: number;
  cost?: { amount: string; currency: string };
  /** "Passenger", "Guest": what the people are called in the notes. */
  peopleLabel: string;
  people: string[];
  seats: string[];
  /** Lines of the notes after the people ("Ticket: 047 123"). */
  details: string[];
  start: BookingEndBody;
  end?: BookingEndBody;
}

/** The most bookings one file gives. */
export const FILE_BOOKINGS_MAX = 50;

// The characters no one-line text may hold (common.ts): controls, bidi overrides, BOM, noncharacters.
// eslint-disable-next-line no-control-regex
const NOT_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g;
const NOT_IN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g;
const ONLY_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Cut to `max` characters (whole code points), ending in "…" when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

/** A one-line text fit for a field of at most `max` characters, or undefined when nothing shows. */
export function lineFit(text: string | undefined, max = BOOKING_TEXT_MAX): string | undefined {
  if (text === undefined) return undefined;
  const line = text.replace(NOT_IN_LINE, ' ').replace(/\s+/g, ' ').trim();
  return ONLY_INVISIBLE.test(line) ? undefined : cut(line, max);
}

/** A multi-line text fit for the notes, or undefined when nothing shows. */
export function notesFit(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const notes = text
    .replace(/\r\n?/g, '\n')
    .replace(NOT_IN_TEXT, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return ONLY_INVISIBLE.test(notes) ? undefined : cut(notes, BOOKING_NOTES_MAX);
}

function placeFit(place: BookingPlaceBody | null | undefined): BookingPlaceBody | undefined {
  if (!place) return undefined;
  const fitted: BookingPlaceBody = {
    name: lineFit(place.name),
    address: lineFit(place.address, 300),
    iata: place.iata && /^[A-Za-z]{3}$/.test(place.iata.trim()) ? place.iata.trim().toUpperCase() : undefined,
    ...(place.lat !== undefined && place.lng !== undefined ? { lat: place.lat, lng: place.lng } : {}),
  };
  return fitted.name || fitted.iata || fitted.lat !== undefined ? withoutUndefined(fitted) : undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function endFit(end: BookingEndBody): BookingEndBody {
  return withoutUndefined({ local: end.local, zone: end.zone, place: placeFit(end.place) });
}

/** The notes of a draft: the people, then the details. */
function notesOf(draft: BookingDraft): string | undefined {
  const people =
    draft.people.length > 0
      ? [`${draft.peopleLabel}${draft.people.length > 1 ? 's' : ''}: ${draft.people.join(', ')}`]
      : [];
  return notesFit([...people, ...draft.details].join('\n'));
}

const PLACEHOLDER_ZONE = 'UTC';

/**
 * Removes what an issue points at: a field, a part of a place or end; false when the booking
 * cannot stand without it (its start time).
 */
function dropAt(body: Record<string, unknown>, path: readonly PropertyKey[]): boolean {
  const [field, part, sub] = path;
  if (typeof field !== 'string') return false;
  if (field === 'start' || field === 'end') {
    const end = body[field] as Record<string, unknown> | undefined;
    if (!end || part === undefined || part === 'local') {
      if (field === 'start') return false;
      delete body.end;
      return true;
    }
    if (part === 'place' && typeof sub === 'string' && sub in ((end.place as object | undefined) ?? {})) {
      delete (end.place as Record<string, unknown>)[sub];
      if (sub === 'lat' || sub === 'lng')
        delete (end.place as Record<string, unknown>)[sub === 'lat' ? 'lng' : 'lat'];
    } else if (typeof part === 'string') {
      delete end[part];
    }
    return true;
  }
  delete body[field];
  return true;
}

/**
 * The create body of a draft, as the schema reads it (trimmed, airport codes upper-cased), the
 * start's zone left out when the file gave none; null when even its start is unusable.
 */
export function finishDraft(draft: BookingDraft): CreateTripBookingBody | null {
  const seat = lineFit([...new Set(draft.seats)].join(', '), 40);
  const body: Record<string, unknown> = withoutUndefined({
    kind: draft.kind,
    title: lineFit(draft.title, BOOKING_TITLE_MAX),
    provider: lineFit(draft.provider),
    confirmationCode: lineFit(draft.confirmationCode, BOOKING_CODE_MAX),
    carrier: lineFit(draft.carrier),
    number: lineFit(draft.number, 20),
    seat,
    partySize: draft.partySize,
    cost: draft.cost,
    notes: notesOf(draft),
    start: endFit(draft.start),
    end: draft.end ? endFit(draft.end) : undefined,
  });
  for (let round = 0; round < 8; round += 1) {
    const start = body.start as BookingEndBody;
    const zoneMissing = start.zone === undefined;
    const checked = createTripBookingBodySchema.safeParse(
      zoneMissing ? { ...body, start: { ...start, zone: PLACEHOLDER_ZONE } } : body,
    );
    if (checked.success) {
      const data = checked.data;
      if (!zoneMissing) return data;
      const { zone: _placeholder, ...rest } = data.start;
      return { ...data, start: rest };
    }
    for (const issue of checked.error.issues) if (!dropAt(body, issue.path)) return null;
  }
  return null;
}

/** The sum of two prices in one currency; the first when they are in different currencies. */
function addCosts(a: BookingDraft['cost'], b: BookingDraft['cost']): BookingDraft['cost'] {
  if (!a || !b || a.currency !== b.currency) return a ?? b;
  const sum = (toMinorUnits(a.amount, a.currency) ?? 0) + (toMinorUnits(b.amount, b.currency) ?? 0);
  return sum > 0 && sum <= MAX_AMOUNT_MINOR
    ? { amount: fromMinorUnits(sum, a.currency), currency: a.currency }
    : a;
}

/** What makes two reservations the same booking: one per passenger of a flight, say. */
function sameBookingKey(draft: BookingDraft): string {
  const place = draft.start.place;
  return JSON.stringify([
    draft.kind,
    draft.carrier ?? '',
    draft.number ?? '',
    draft.title ?? '',
    draft.start.local,
    place?.iata ?? place?.name ?? '',
    draft.end?.local ?? '',
  ]);
}

/** Merges the reservations of one booking (their people, seats and details), in file order. */
export function mergeDrafts(drafts: readonly BookingDraft[]): BookingDraft[] {
  const merged = new Map<string, BookingDraft>();
  for (const draft of drafts) {
    const key = sameBookingKey(draft);
    const kept = merged.get(key);
    if (!kept) {
      merged.set(key, {
        ...draft,
        people: [...draft.people],
        seats: [...draft.seats],
        details: [...draft.details],
      });
      continue;
    }
    const newPeople = draft.people.filter((person) => !kept.people.includes(person));
    // One reservation per passenger (as airlines send them): each price is that passenger's.
    kept.cost = newPeople.length > 0 ? addCosts(kept.cost, draft.cost) : (kept.cost ?? draft.cost);
    kept.people.push(...newPeople);
    kept.seats.push(...draft.seats);
    for (const line of draft.details) if (!kept.details.includes(line)) kept.details.push(line);
    if (draft.confirmationCode && kept.confirmationCode !== draft.confirmationCode) {
      const line = `Confirmation: ${draft.confirmationCode}`;
      if (!kept.confirmationCode) kept.confirmationCode = draft.confirmationCode;
      else if (!kept.details.includes(line)) kept.details.push(line);
    }
    kept.provider ??= draft.provider;
  }
  return [...merged.values()];
}
