import { isUuid } from '@tripcrew/contracts/common';
import {
  FEATURE_MAP_POINTS_MAX,
  type Feature,
  type FeatureMapPointsResponse,
  type FeatureSearchResponse,
  NO_FACTS,
} from '@tripcrew/contracts/features';
import type { Db } from '../../../db/client.ts';
import { createLru, type Lru } from '../../../platform/catalogue-cache.ts';
import { searchName } from '../../../platform/search-name.ts';
import type { CategoriesService } from '../../categories/index.ts';
import {
  artworkUrl,
  bumpCatalogueVersion,
  ensureCuratedPlace,
  timeZoneAt,
  writeFeatureCounts,
  type PlacesService,
} from '../../places/index.ts';
import { loadCuratedCatalogue } from '../data/catalogue.ts';
import { seedFacts, type PlaceFeatures } from '../data/types.ts';
import {
  countFeatures,
  countFeaturesPerPlace,
  featureListJsonSql,
  findFeatureByKey,
  findFeatureIdsByKeys,
  findFeatureListByIds,
  findFeatureMapPoints,
  findFeaturePage,
  upsertFeatures,
  type FeatureInput,
  type FeatureListRow,
  type FeatureScope,
} from './features.repository.ts';

/** Feature pages kept per catalogue version (at most FEATURE_PAGE_MAX features each, ~25 KB). */
export const FEATURE_PAGE_CACHE_SIZE = 2_000;

export type { FeatureListRow };

/** SQL (a scalar subquery): a feature as a FeatureListRow in JSON (null when unknown), for one-statement reads. */
export { featureListJsonSql };

/** The features with these ids, in one query (for other modules; unknown ids are left out). */
export async function findFeatureRows(db: Db, ids: readonly string[]): Promise<FeatureListRow[]> {
  return findFeatureListByIds(db, [...new Set(ids.filter(isUuid))]);
}

/**
 * The curated catalogue (data/catalogue.json), read and validated on first call. Importing this
 * module does not load it: only the seeders (seedFeatures, curatedCityKeys) and tools call this.
 */
/** Curated features' ids by key (for seeds that name features, like the suggestions' plans). */
export function featureIdsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  return findFeatureIdsByKeys(db, keys);
}

export function curatedCatalogue(): readonly PlaceFeatures[] {
  return loadCuratedCatalogue();
}

export function toFeature(row: FeatureListRow): Feature {
  return {
    _id: row.id,
    title: row.title,
    address: row.address,
    description: row.description,
    rank: row.rank,
    image: { original: row.imageOriginal ?? artworkUrl('feature', row.key) },
    categoryId: row.categories,
    model: row.model,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    placeId: row.placeId,
    facts: row.facts ?? NO_FACTS,
    timeZone: row.timeZone,
  };
}

export function createFeaturesService(deps: {
  db: Db;
  places: PlacesService;
  categories: CategoriesService;
}) {
  const { db, places, categories } = deps;

  /**
   * The total of a category-filtered search, counted once per catalogue version (PERF-02): a
   * count over a big place's features costs far more than the page. Without a filter the total
   * is the place's feature_count, which saveFeatures keeps up to date.
   */
  const countFiltered = async (scope: FeatureScope, names: string[]): Promise<number> => {
    const key = `feature-count:${JSON.stringify(scope)}:${[...names].sort().join(',')}`;
    return (await places.cache.get(key, () => countFeatures(db, { scope, categories: names }))).value;
  };

  /** Where a search looks (a country or region includes its places) and its expanded categories. */
  async function scopeOf(query: { placeId: string; categories?: string | undefined }) {
    const place = await places.getCachedPlaceRow(query.placeId);
    const names = query.categories
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const expanded = names && names.length > 0 ? await categories.expand(names) : undefined;
    let scope: FeatureScope = { kind: 'place', placeId: place.id };
    if (place.type === 'Country') scope = { kind: 'country', countryCode: place.countryCode };
    else if (place.type === 'Region' && place.regionCode)
      scope = { kind: 'region', countryCode: place.countryCode, regionCode: place.regionCode };
    return { place, scope, expanded };
  }

  async function search(query: {
    placeId: string;
    skip: number;
    limit: number;
    categories?: string | undefined;
  }): Promise<FeatureSearchResponse> {
    const { place, scope, expanded } = await scopeOf(query);
    const [rows, total] = await Promise.all([
      findFeaturePage(db, { scope, categories: expanded, skip: query.skip, limit: query.limit }),
      expanded ? countFiltered(scope, expanded) : place.featureCount,
    ]);
    return { data: rows.map(toFeature), total };
  }

  /** Every positioned feature of the search for a map, in one answer (FEATURE_MAP_POINTS_MAX). */
  async function mapPoints(query: {
    placeId: string;
    categories?: string | undefined;
  }): Promise<FeatureMapPointsResponse> {
    const { scope, expanded } = await scopeOf(query);
    const rows = await findFeatureMapPoints(db, {
      scope,
      categories: expanded,
      limit: FEATURE_MAP_POINTS_MAX,
    });
    return {
      data: rows.map((row) => ({
        _id: row.id,
        title: row.title,
        categoryId: row.categories,
        model: row.model,
        coordinates: { lat: row.lat, lng: row.lng },
      })),
      total: rows[0]?.total ?? 0,
    };
  }

  /** The catalogue version's LRU of answers as JSON bytes (PERF-02); a failed query is not kept. */
  async function cachedJson(key: string, build: () => Promise<unknown>): Promise<Buffer> {
    const { value: pages } = await places.cache.get(
      'feature-pages',
      async (): Promise<Lru<Promise<Buffer>>> => createLru(FEATURE_PAGE_CACHE_SIZE),
    );
    let page = pages.get(key);
    if (!page) {
      page = build().then((result) => Buffer.from(JSON.stringify(result), 'utf8'));
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    return page;
  }

  const categoryKey = (categories: string | undefined) =>
    (categories ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .sort()
      .join(',');

  return {
    search,
    /**
     * A page of features as the JSON bytes of the response. Pages only change with the catalogue
     * (seeds and imports bump its version), and infinite scroll over a popular place asks for the
     * same pages again and again: they are kept in an LRU that belongs to the current catalogue
     * version, like autocomplete answers (PERF-02). A failed query is not kept.
     */
    async searchJson(query: Parameters<typeof search>[0]): Promise<Buffer> {
      const key = `${query.placeId.toLowerCase()}|${query.skip}|${query.limit}|${categoryKey(query.categories)}`;
      return cachedJson(key, () => search(query));
    },
    /** The map's points as JSON bytes, kept like the pages (same catalogue version). */
    mapPointsJson(query: Parameters<typeof mapPoints>[0]): Promise<Buffer> {
      const key = `points|${query.placeId.toLowerCase()}|${categoryKey(query.categories)}`;
      return cachedJson(key, () => mapPoints(query));
    },
    getByKey: (key: string) => findFeatureByKey(db, key),
  };
}
export type FeaturesService = ReturnType<typeof createFeaturesService>;

/** `CC|search name` of every curated city: what a curated-only places seed must load. */
export function curatedCityKeys(): Set<string> {
  return new Set(
    curatedCatalogue()
      .filter((p) => p.place.type === 'City')
      .map((p) => `${p.place.countryCode.toUpperCase()}|${searchName(p.place.title)}`),
  );
}

/**
 * Recomputes every place's feature_count (a city its own features, a region and a country the
 * features of the places inside them): counted here, written by the places module.
 */
export async function refreshFeatureCounts(db: Db): Promise<void> {
  await writeFeatureCounts(db, await countFeaturesPerPlace(db));
}

/**
 * Writes features (new or changed) and refreshes the places' feature counts; bumps the catalogue
 * version when anything changed. Returns the keys that changed.
 */
export async function saveFeatures(db: Db, rows: FeatureInput[]): Promise<string[]> {
  const changed = await upsertFeatures(db, rows);
  if (changed.length > 0) {
    await refreshFeatureCounts(db);
    await bumpCatalogueVersion(db);
  }
  return changed;
}

/** Seeds the curated catalogue: matches (or adds) its places, then upserts the features by key. */
export async function seedFeatures(db: Db): Promise<boolean> {
  let placesChanged = false;
  const rows: FeatureInput[] = [];
  for (const { place, features } of curatedCatalogue()) {
    const { row, changed } = await ensureCuratedPlace(db, place);
    placesChanged ||= changed;
    for (const f of features) {
      rows.push({
        key: f.key,
        placeId: row.id,
        countryCode: row.countryCode,
        regionCode: row.type === 'Country' ? null : row.regionCode,
        title: f.title,
        address: f.address,
        description: f.description,
        rank: f.rank,
        categories: f.categories,
        model: f.model,
        lat: f.lat,
        lng: f.lng,
        imageOriginal: null,
        source: 'curated',
        facts: seedFacts(f),
        timeZone: timeZoneAt(f.lat, f.lng),
      });
    }
  }
  const changed = await saveFeatures(db, rows);
  if (placesChanged && changed.length === 0) await bumpCatalogueVersion(db);
  return placesChanged || changed.length > 0;
}
