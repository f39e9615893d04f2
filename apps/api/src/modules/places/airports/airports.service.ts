import { AIRPORT_SEARCH_MAX_RESULTS, type Airport } from '@tripcrew/contracts/place-lookup';
import { notFound } from '../../../platform/errors.ts';
import { searchName } from '../../../platform/search-name.ts';
import { airportIndex, type AirportEntry } from './airports.dataset.ts';

/** The airport with this IATA code (any case), or undefined when the bundled data has none. */
export function airportByIata(code: string): Airport | undefined {
  return airportIndex().byIata.get(code.trim().toUpperCase());
}

/**
 * Airports for a search text: the airport whose IATA code it is, then those whose name or city
 * starts with it, then those whose name or city contains it (accents and case ignored); within
 * each, international airports first and heliports and air bases last, then by name.
 */
export function searchAirports(text: string, limit = AIRPORT_SEARCH_MAX_RESULTS): Airport[] {
  const { byIata, entries } = airportIndex();
  const found: Airport[] = [];
  const code = /^[a-z]{3}$/i.test(text.trim()) ? byIata.get(text.trim().toUpperCase()) : undefined;
  if (code) found.push(code);
  const q = searchName(text);
  if (q === '') return found.slice(0, limit);
  const starts = (entry: AirportEntry) => entry.name.startsWith(q) || entry.city.startsWith(q);
  const contains = (entry: AirportEntry) => entry.name.includes(q) || entry.city.includes(q);
  for (const matches of [starts, contains]) {
    for (const entry of entries) {
      if (found.length >= limit) return found;
      if (matches(entry) && !found.includes(entry.airport)) found.push(entry.airport);
    }
  }
  return found;
}

export interface AirportsService {
  search(q: string): Airport[];
  /** Throws 404 when the code is unknown. */
  get(iata: string): Airport;
}

/** The airports of the bundled data, for the routes (the data is read on the first call). */
export function createAirportsService(): AirportsService {
  return {
    search: (q) => searchAirports(q),
    get(iata) {
      const airport = airportByIata(iata);
      if (!airport) {
        throw notFound(
          `Unknown airport code ${iata.toUpperCase()}: check the code on the ticket, or pick the place by search instead.`,
        );
      }
      return airport;
    },
  };
}
