import { currencyExponent, isCurrencyCode, toMinorUnits } from '@tripcrew/contracts/currencies';
import { isLocalDateTime } from '@tripcrew/contracts/zoned-time';

/**
 * schema.org values as a mail carries them, JSON-LD or microdata read into the same plain shape
 * (booking-html.ts): a thing is an object with an `@type`, a property holds text, a number, a
 * thing or a list of them. These helpers read them without trusting any of it.
 */

export type Thing = { readonly [key: string]: unknown };

/** How deep a thing is read (reservation → flight → airport → address → country is 5). */
const MAX_DEPTH = 12;
/** How many values one file's markup may hold in all: past it the rest is dropped. */
const MAX_VALUES = 20_000;
/** How many entries of one list are read. */
const MAX_LIST = 200;

export const isThing = (value: unknown): value is Thing =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "http://schema.org/FlightReservation", "schema:FlightReservation" → "FlightReservation". */
const shortName = (name: string): string => name.replace(/^.*[/#:]/, '').trim();

/** The types of a thing, short names. */
export function typesOf(thing: Thing): string[] {
  const types = thing['@type'];
  const list = Array.isArray(types) ? types : [types];
  return list.filter((type): type is string => typeof type === 'string').map(shortName);
}

/**
 * A copy of parsed markup that is safe to read: property names without their vocabulary
 * ("schema:name" → "name"), `{"@id": …}` references replaced by the node of the same id in
 * `index`, lists cut, depth and size bounded (a cycle of references ends at the depth limit).
 */
export function normalize(value: unknown, index: ReadonlyMap<string, Thing> = new Map()): unknown {
  let budget = MAX_VALUES;
  const copy = (node: unknown, depth: number): unknown => {
    budget -= 1;
    if (budget < 0 || depth > MAX_DEPTH) return undefined;
    if (Array.isArray(node)) {
      return node
        .slice(0, MAX_LIST)
        .map((entry) => copy(entry, depth + 1))
        .filter((entry) => entry !== undefined);
    }
    if (!isThing(node)) return typeof node === 'string' || typeof node === 'number' ? node : undefined;
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length === 1 && index.has(id)) {
      return copy(index.get(id), depth + 1);
    }
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(node).slice(0, MAX_LIST)) {
      const name = key.startsWith('@') ? key : shortName(key);
      if (name === '' || name === '__proto__') continue;
      const read = copy(entry, depth + 1);
      if (read !== undefined) out[name] = read;
    }
    return out;
  };
  return copy(value, 0);
}

/** The first value of a property that may hold a list. */
export function first(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.find((entry) => entry !== undefined && entry !== null && entry !== '');
}

/** The values of a property, as a list. */
export const all = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

/** The first of the named properties that the thing has, its first value. */
export function prop(thing: unknown, ...names: string[]): unknown {
  if (!isThing(thing)) return undefined;
  for (const name of names) {
    const value = first(thing[name]);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** A thing held by a property (or undefined). */
export function thingAt(thing: unknown, ...names: string[]): Thing | undefined {
  const value = prop(thing, ...names);
  return isThing(value) ? value : undefined;
}

/** The text of a value: a string or number, or a JSON-LD value object; spaces collapsed. */
export function textOf(value: unknown): string | undefined {
  const one = first(value);
  const raw =
    typeof one === 'string'
      ? one
      : typeof one === 'number' && Number.isFinite(one)
        ? String(one)
        : isThing(one) && (typeof one['@value'] === 'string' || typeof one['@value'] === 'number')
          ? String(one['@value'])
          : undefined;
  const text = raw?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

/** The text of a thing's property. */
export const textAt = (thing: unknown, ...names: string[]): string | undefined =>
  textOf(prop(thing, ...names));

/** The name of a value: its text, or a thing's name (a person's given and family names). */
export function nameOf(value: unknown): string | undefined {
  const one = first(value);
  if (!isThing(one)) return textOf(one);
  const joined = [textAt(one, 'givenName'), textAt(one, 'familyName')].filter(Boolean).join(' ');
  return textAt(one, 'name') ?? (joined || undefined);
}

/** Every name a property holds ("Ana Costa", "Rui Costa"), without repeats. */
export function namesOf(value: unknown): string[] {
  const names = all(value)
    .map((entry) => nameOf(entry))
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}

/** A postal address in one line: "Rua Augusta 1, 1100-048 Lisboa, Portugal". */
export function addressOf(value: unknown): string | undefined {
  const one = first(value);
  if (!isThing(one)) return textOf(one);
  const town = [textAt(one, 'postalCode'), textAt(one, 'addressLocality')].filter(Boolean).join(' ');
  const parts = [
    textAt(one, 'streetAddress'),
    town,
    textAt(one, 'addressRegion'),
    nameOf(prop(one, 'addressCountry')),
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? [...new Set(parts)].join(', ') : textAt(one, 'name');
}

/** A latitude and longitude from a thing's `geo` (or its own latitude and longitude). */
export function geoOf(thing: Thing | undefined): { lat: number; lng: number } | undefined {
  const geo = thingAt(thing, 'geo') ?? thing;
  const lat = Number(textAt(geo, 'latitude'));
  const lng = Number(textAt(geo, 'longitude'));
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || textAt(geo, 'latitude') === undefined) {
    return undefined;
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

/** A date-time as written: the wall clock to the minute, and its UTC offset when given. */
export interface When {
  local: string;
  /** Minutes ahead of UTC ("+01:00" is 60, "Z" is 0), or null when the time has none. */
  offsetMinutes: number | null;
  /** True when only a date was given (the time is the default). */
  dateOnly: boolean;
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:[.,]\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 date or date-time ("2027-03-04T20:15:00-08:00"); `defaultTime` when only a date. */
export function whenOf(value: unknown, defaultTime = '00:00'): When | undefined {
  const text = textOf(value);
  const match = text === undefined || text.length > 40 ? null : DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, date, hour, minute, offset] = match;
  const local = `${date}T${hour !== undefined ? `${hour}:${minute}` : defaultTime}`;
  if (!isLocalDateTime(local)) return undefined;
  let offsetMinutes: number | null = null;
  if (offset && hour !== undefined) {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.replace(/[^0-9]/g, '');
    offsetMinutes =
      offset.toUpperCase() === 'Z'
        ? 0
        : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
    if (Math.abs(offsetMinutes) > 14 * 60) return undefined;
  }
  return { local, offsetMinutes, dateOnly: hour === undefined };
}

/**
 * The zone a bare offset names: a whole-hour offset as its Etc zone (whose sign is inverted:
 * +01:00 is Etc/GMT-1), 0 as UTC; undefined for other offsets (+05:30), which no Etc zone has.
 */
export function zoneOfOffset(offsetMinutes: number): string | undefined {
  if (offsetMinutes === 0) return 'UTC';
  if (offsetMinutes % 60 !== 0) return undefined;
  const hours = offsetMinutes / 60;
  if (hours < -12 || hours > 14) return undefined;
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** An amount as decimal text: "1234.5", "1,234.50", "1.234,50", "123,45" → "1234.50"-like text. */
function amountText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? String(value) : undefined;
  let text = textOf(value)?.replace(/[\s\u00a0']/g, '');
  if (text === undefined) return undefined;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,3}$/.test(text)) text = text.replace(',', '.');
  return /^\d+(\.\d+)?$/.test(text) ? text : undefined;
}

/**
 * A reservation's price: `totalPrice` (a number, text or PriceSpecification) in `priceCurrency`,
 * as the amount in the currency's decimals ("123.45"); undefined unless a positive amount in a
 * known currency.
 */
export function costOf(reservation: Thing): { amount: string; currency: string } | undefined {
  const price = prop(reservation, 'totalPrice', 'price');
  const spec = isThing(price) ? price : undefined;
  const raw = amountText(spec ? prop(spec, 'price', 'value') : price);
  const currency = (
    textAt(spec, 'priceCurrency', 'currency') ?? textAt(reservation, 'priceCurrency')
  )?.toUpperCase();
  if (raw === undefined || currency === undefined || !isCurrencyCode(currency)) return undefined;
  const amount = Number(raw).toFixed(currencyExponent(currency));
  const minor = toMinorUnits(amount, currency);
  return minor !== null && minor > 0 && amount.length <= 20 ? { amount, currency } : undefined;
}
