import { isUuid } from '@tripcrew/contracts/common';
import { autocompleteResponseSchema, placeSchema, type Place } from '@tripcrew/contracts/places';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import {
  cachedJson,
  createLru,
  createVersionedCache,
  type CatalogueCache,
  type CatalogueCacheOptions,
  type Lru,
} from '../../../platform/catalogue-cache.ts';
import { notFound } from '../../../platform/errors.ts';
import type { CachedJson } from '../../../platform/http-cache.ts';
import { API_PREFIX } from '../../../platform/openapi.ts';
import { searchName, slugify } from '../../../platform/search-name.ts';
import { datasetVersion, loadWorld } from './places.dataset.ts';
import {
  autocompletePlaces,
  findCountry,
  findPlaceById,
  findPlaceBySourceKey,
  findPlacesByIds,
  findPlacesByName,
  placeImageOriginalSql,
  readStamp,
  setPlaceShort,
  upsertCuratedPlace,
  upsertDatasetPlaces,
  writeFeatureCounts,
  writeStamp,
  type FeatureCounts,
  type PlaceRow,
} from './places.repository.ts';

export type { PlaceRow };

/** The places with these ids, in one query (for other modules; unknown ids are left out). */
/** One place by id (a prepared statement); undefined when unknown or not a uuid. */
export async function findPlaceRow(db: Db, id: string): Promise<PlaceRow | undefined> {
  return isUuid(id) ? findPlaceById(db, id) : undefined;
}

export async function findPlaceRows(db: Db, ids: readonly string[]): Promise<PlaceRow[]> {
  return findPlacesByIds(db, [...new Set(ids.filter(isUuid))]);
}

export const AUTOCOMPLETE_LIMIT = 10;
/** How many autocomplete answers (distinct normalized queries) one instance keeps. */
export const AUTOCOMPLETE_CACHE_SIZE = 2_000;
const EMPTY_LIST = Buffer.from('[]');

/** The UUID check of the contracts, re-exported for the modules that imported it from here. */
export { isUuid };

/** The stamp every seed or import bumps when it changed catalogue data (cache invalidation). */
export const CATALOGUE_STAMP = 'catalogue';

/** Marks the catalogue as changed: every instance's cached reads get a new version and ETag. */
export async function bumpCatalogueVersion(db: Db): Promise<void> {
  await writeStamp(db, CATALOGUE_STAMP, randomUUID());
}

/**
 * The catalogue cache of this database: hot, rarely-changing reads kept per catalogue version,
 * which every seed or import that changes the catalogue bumps (bumpCatalogueVersion).
 */
export function createCatalogueCache(
  db: Db,
  options: Omit<CatalogueCacheOptions, 'readVersion'> = {},
): CatalogueCache {
  return createVersionedCache({ ...options, readVersion: () => readStamp(db, CATALOGUE_STAMP) });
}

/** The generated artwork of a place or feature, served by the images route. */
export function artworkUrl(kind: 'place' | 'feature', key: string): string {
  return `${API_PREFIX}/core/images/${kind}/${key}.svg`;
}

/**
 * The picture shown for a place: its own image, or the generated artwork. With
 * placeImageOriginalSql, other modules read it in the same statement as their rows.
 */
export function placeImage(placeId: string, imageOriginal: string | null): string {
  return imageOriginal ?? artworkUrl('place', placeId);
}

/** SQL (a scalar subquery): the place's own image URL, null when it has none (see placeImage). */
export { placeImageOriginalSql };

export function toPlace(row: PlaceRow): Place {
  return {
    _id: row.id,
    title: row.title,
    type: row.type,
    country: row.country,
    countryCode: row.countryCode,
    region: row.region,
    short: row.short,
    image: {
      original: placeImage(row.id, row.imageOriginal),
      photographer: row.imagePhotographer ?? 'Tripcrew artwork',
      id: row.imageId ?? row.id,
      source: row.imageSource ?? 'tripcrew',
    },
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    population: row.population,
    featureCount: row.featureCount,
  };
}

export function createPlacesService(deps: { db: Db; cache: CatalogueCache }) {
  const { db, cache } = deps;
  const unknownPlace = (id: string) => notFound(`No place with id "${id}" exists.`);

  async function getPlaceRow(id: string): Promise<PlaceRow> {
    if (!isUuid(id)) throw unknownPlace(id);
    const row = await findPlaceById(db, id);
    if (!row) throw unknownPlace(id);
    return row;
  }

  return {
    /**
     * The places matching q, as the JSON bytes of the response. Answers are kept per normalized
     * query in an LRU that belongs to the current catalogue version (a seed or import that
     * changes places starts an empty one): typing traffic repeats the same few prefixes, and a
     * repeat then costs neither the two queries nor the serialization (PERF-02).
     */
    async autocomplete(q: string): Promise<Buffer> {
      const name = searchName(q);
      if (name.length < 3) return EMPTY_LIST;
      const { value: answers } = await cache.get('autocomplete', async (): Promise<Lru<Promise<Buffer>>> =>
        createLru(AUTOCOMPLETE_CACHE_SIZE),
      );
      let answer = answers.get(name);
      if (!answer) {
        answer = autocompletePlaces(db, name, AUTOCOMPLETE_LIMIT).then((rows) =>
          Buffer.from(JSON.stringify(z.encode(autocompleteResponseSchema, rows.map(toPlace)))),
        );
        answers.set(name, answer);
        // A failed query is not kept.
        answer.catch(() => answers.delete(name));
      }
      return answer;
    },

    /** A place by id from the catalogue cache, serialized once per catalogue version. */
    async getById(id: string): Promise<CachedJson<Place>> {
      if (!isUuid(id)) throw unknownPlace(id);
      return cachedJson(cache, `place:${id.toLowerCase()}`, placeSchema, async () =>
        toPlace(await getPlaceRow(id)),
      );
    },

    /** The raw row (for other modules' services: feature search, images). */
    getPlaceRow,

    /**
     * The raw row from the catalogue cache (feature search: its scope and feature_count), so a
     * hot read does not pay a round trip for a row that only seeds and imports change.
     */
    async getCachedPlaceRow(id: string): Promise<PlaceRow> {
      if (!isUuid(id)) throw unknownPlace(id);
      return (await cache.get(`place-row:${id.toLowerCase()}`, () => getPlaceRow(id))).value;
    },

    /** The catalogue cache, for other catalogue modules' hot reads (feature search totals). */
    cache,

    /**
     * The place a /place/... route names (SPEC §7): with `place`, the city of that name (the
     * region, when given, picks among namesakes); with only `region`, the region (or a city of
     * that name, for cities without a region); with only `country`, the country.
     */
    async search(query: {
      country?: string | undefined;
      region?: string | undefined;
      place?: string | undefined;
    }): Promise<Place> {
      const describe = [query.place, query.region, query.country].filter(Boolean).join(', ');
      const missing = () => notFound(`No place found for "${describe || 'nothing'}".`);
      let countryCode: string | undefined;
      if (query.country) {
        const country = await findCountry(db, searchName(query.country));
        if (!country) throw notFound(`No country named "${query.country}" exists.`);
        if (!query.place && !query.region) return toPlace(country);
        countryCode = country.countryCode;
      }
      const regionName = query.region ? query.region.toLowerCase() : undefined;
      if (query.place) {
        const name = searchName(query.place);
        const filter = {
          name,
          ...(countryCode ? { countryCode } : {}),
          ...(regionName ? { regionName } : {}),
        };
        const [city] = await findPlacesByName(db, { type: 'City', ...filter });
        const found = city ?? (await findPlacesByName(db, { type: 'Region', ...filter }))[0];
        if (!found) throw missing();
        return toPlace(found);
      }
      if (query.region) {
        const name = searchName(query.region);
        const filter = { name, ...(countryCode ? { countryCode } : {}) };
        const [region] = await findPlacesByName(db, { type: 'Region', ...filter });
        const found = region ?? (await findPlacesByName(db, { type: 'City', ...filter }))[0];
        if (!found) throw missing();
        return toPlace(found);
      }
      throw notFound('Name a country, region or place to search for.');
    },
  };
}
export type PlacesService = ReturnType<typeof createPlacesService>;

export type SeedPlacesMode = 'full' | 'curated';

const DATASET_STAMP = 'places-dataset';

/**
 * Loads the world's countries, regions and cities (or, in curated mode, only the cities the
 * curated catalogue needs). Skipped in milliseconds when the stored dataset stamp matches.
 */
export async function seedPlaces(
  db: Db,
  options: {
    mode: SeedPlacesMode;
    curatedCities: Set<string>;
    log?: Pick<FastifyBaseLogger, 'info'> | undefined;
    /** Stops between batches (shutdown); the stamp is then not written and the next boot resumes. */
    signal?: AbortSignal;
  },
): Promise<void> {
  const started = performance.now();
  const curatedVersion = datasetVersion(`curated:${[...options.curatedCities].sort().join(',')}`);
  const fullVersion = datasetVersion('full');
  const stored = await readStamp(db, DATASET_STAMP);
  // A full world also satisfies a curated seed.
  if (
    stored === `full:${fullVersion}` ||
    (options.mode === 'curated' && stored === `curated:${curatedVersion}`)
  )
    return;
  const rows = loadWorld(options.mode === 'full' ? {} : { onlyCities: options.curatedCities });
  const loaded = performance.now();
  const changed = await upsertDatasetPlaces(db, rows, options.signal);
  await writeStamp(
    db,
    DATASET_STAMP,
    options.mode === 'full' ? `full:${fullVersion}` : `curated:${curatedVersion}`,
  );
  if (changed > 0) await bumpCatalogueVersion(db);
  options.log?.info(
    {
      mode: options.mode,
      places: rows.length,
      changed,
      readMs: Math.round(loaded - started),
      ms: Math.round(performance.now() - started),
    },
    'places dataset seeded',
  );
}

export interface CuratedPlace {
  title: string;
  type: PlaceRow['type'];
  countryCode: string;
  country: string;
  region?: string | undefined;
  short: string;
  lat: number;
  lng: number;
}

/**
 * The dataset place a curated place is (matched by type, name and country; the region and then
 * the population pick among namesakes), or a new place when the dataset lacks it. Sets `short`.
 */
export async function ensureCuratedPlace(
  db: Db,
  seed: CuratedPlace,
): Promise<{ row: PlaceRow; changed: boolean }> {
  const cc = seed.countryCode.toUpperCase();
  const name = searchName(seed.title);
  let match: PlaceRow | undefined;
  if (seed.type === 'Country') match = await findPlaceBySourceKey(db, `country:${cc}`);
  else {
    const regionName = seed.region ? seed.region.toLowerCase() : undefined;
    [match] = await findPlacesByName(db, {
      type: seed.type,
      name,
      countryCode: cc,
      ...(regionName ? { regionName } : {}),
    });
  }
  if (match) {
    const changed = await setPlaceShort(db, match.id, seed.short);
    return { row: { ...match, short: seed.short }, changed };
  }
  const { id, changed } = await upsertCuratedPlace(db, {
    sourceKey: `curated:${seed.type.toLowerCase()}:${cc}:${slugify(seed.title)}`,
    type: seed.type,
    title: seed.title,
    searchName: name,
    country: seed.country,
    countryCode: cc,
    region: seed.type === 'Region' ? seed.title : (seed.region ?? null),
    regionCode: null,
    short: seed.short,
    lat: seed.lat,
    lng: seed.lng,
  });
  return { row: (await findPlaceById(db, id))!, changed };
}

/** The place a suggestion points at: by title and country, the one with curated features first. */
export async function findPlaceByTitle(
  db: Db,
  title: string,
  countryCode: string,
): Promise<PlaceRow | undefined> {
  const name = searchName(title);
  const cc = countryCode.toUpperCase();
  for (const type of ['City', 'Region', 'Country'] as const) {
    const rows = await findPlacesByName(db, { type, name, countryCode: cc }, 20);
    const best = rows.sort((a, b) => b.featureCount - a.featureCount)[0];
    if (best) return best;
  }
  return undefined;
}

export { writeFeatureCounts, type FeatureCounts };
