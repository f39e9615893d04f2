import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst, findIn, findValue } from '../../../db/find-value.ts';
import { updateWhenChanged } from '../../../db/upsert.ts';
import { escapeLike } from '../../../platform/search-name.ts';
import type { DatasetPlace } from './places.dataset.ts';
import { catalogueStamps, places } from './places.table.ts';

export type PlaceRow = typeof places.$inferSelect;
export type PlaceType = PlaceRow['type'];

/** Rows per INSERT: 13 parameters each keeps a statement far under PostgreSQL's 65,535. */
const BATCH = 2_500;

/** Inserts new places and refreshes changed ones (the curated `short` and images are kept). */
export async function upsertDatasetPlaces(
  db: Db,
  rows: DatasetPlace[],
  signal?: AbortSignal,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    // Let requests in between batches: the embedded engine answers through microtasks only, so a
    // seed running next to live traffic (the world's places after boot) would otherwise starve it.
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const result = await db
      .insert(places)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate(
        updateWhenChanged(places, places.sourceKey, [
          'type',
          'title',
          'searchName',
          'country',
          'countryCode',
          'region',
          'regionCode',
          'lat',
          'lng',
          'population',
        ]),
      )
      .returning({ id: places.id });
    changed += result.length;
  }
  return changed;
}

const prepareFindById = (db: Db) =>
  db
    .select()
    .from(places)
    .where(eq(places.id, sql.placeholder('id')))
    .limit(1)
    .prepare('places_by_id');
const findByIdQueries = new WeakMap<Db, ReturnType<typeof prepareFindById>>();

/** A place by id; the query is built once per database (a hot read: feature search, images). */
export async function findPlaceById(db: Db, id: string): Promise<PlaceRow | undefined> {
  let query = findByIdQueries.get(db);
  if (!query) findByIdQueries.set(db, (query = prepareFindById(db)));
  const rows = await query.execute({ id });
  return rows[0];
}

export function findPlacesByIds(db: Db, ids: readonly string[]): Promise<PlaceRow[]> {
  return findIn(db, places, places.id, ids);
}

export function findPlaceBySourceKey(db: Db, sourceKey: string): Promise<PlaceRow | undefined> {
  return findFirst(db, places, eq(places.sourceKey, sourceKey));
}

/** Places of a type named `name` (search form), optionally within a country; biggest first. */
export async function findPlacesByName(
  db: Db,
  filter: { type: PlaceType; name: string; countryCode?: string; regionName?: string },
  limit = 1,
): Promise<PlaceRow[]> {
  const conditions: SQL[] = [eq(places.type, filter.type), eq(places.searchName, filter.name)];
  if (filter.countryCode) conditions.push(eq(places.countryCode, filter.countryCode));
  const regionMatch = filter.regionName
    ? sql`(lower(coalesce(${places.region}, '')) = ${filter.regionName})`
    : undefined;
  return db
    .select()
    .from(places)
    .where(and(...conditions))
    .orderBy(
      ...(regionMatch ? [desc(regionMatch)] : []),
      sql`${places.population} desc nulls last`,
      asc(places.id),
    )
    .limit(limit);
}

/** The country whose name or ISO code is `name` (search form). */
export async function findCountry(db: Db, name: string): Promise<PlaceRow | undefined> {
  const rows = await db
    .select()
    .from(places)
    .where(
      and(
        eq(places.type, 'Country'),
        sql`(${places.searchName} = ${name} or lower(${places.countryCode}) = ${name})`,
      ),
    )
    .limit(1);
  return rows[0];
}

const typeOrder = sql<number>`case ${places.type} when 'Country' then 0 when 'City' then 1 else 2 end`;

/** Exact and prefix matches ($name, $prefix, $limit): the b-tree range, then the top rows by id. */
function prepareAutocompletePrefix(db: Db) {
  const name = sql.placeholder('name');
  const hits = db
    .select({
      id: places.id,
      exact: sql<boolean>`${places.searchName} = ${name}`.as('exact'),
      population: places.population,
      typeOrder: typeOrder.as('type_order'),
    })
    .from(places)
    .where(sql`${places.searchName} like ${sql.placeholder('prefix')}`)
    .orderBy(sql`2 desc`, sql`${places.population} desc nulls last`, sql`4`, asc(places.id))
    .limit(sql.placeholder('limit'))
    .as('hits');
  return db
    .select({ place: places })
    .from(hits)
    .innerJoin(places, eq(places.id, hits.id))
    .orderBy(desc(hits.exact), sql`${hits.population} desc nulls last`, asc(hits.typeOrder), asc(hits.id))
    .prepare('places_autocomplete_prefix');
}

/** Close (trigram) matches that are not prefix matches ($name, $prefix, $limit). */
function prepareAutocompleteClose(db: Db) {
  const name = sql.placeholder('name');
  return db
    .select()
    .from(places)
    .where(sql`${places.searchName} % ${name} and ${places.searchName} not like ${sql.placeholder('prefix')}`)
    .orderBy(
      desc(sql`similarity(${places.searchName}, ${name}) >= 0.5`),
      sql`${places.population} desc nulls last`,
      desc(sql`similarity(${places.searchName}, ${name})`),
      asc(typeOrder),
      asc(places.id),
    )
    .limit(sql.placeholder('limit'))
    .prepare('places_autocomplete_close');
}

const autocompleteQueries = new WeakMap<
  Db,
  {
    prefix: ReturnType<typeof prepareAutocompletePrefix>;
    close: ReturnType<typeof prepareAutocompleteClose>;
  }
>();

/**
 * Autocomplete: exact matches, then prefix matches, then close (trigram) matches; bigger places
 * first within each group. Two steps keep it index-driven: exact and prefix matches come from the
 * b-tree places_search_name_prefix (an index-only range scan, then the top rows fetched by id);
 * only when they are fewer than `limit` do close matches fill up through the pg_trgm GIN index.
 * Both queries are built once per database (prepared statements on PostgreSQL): building them
 * cost more than running them (PERF-02).
 */
export async function autocompletePlaces(db: Db, name: string, limit: number): Promise<PlaceRow[]> {
  let queries = autocompleteQueries.get(db);
  if (!queries) {
    queries = { prefix: prepareAutocompletePrefix(db), close: prepareAutocompleteClose(db) };
    autocompleteQueries.set(db, queries);
  }
  const prefix = `${escapeLike(name)}%`;
  const found = await queries.prefix.execute({ name, prefix, limit });
  const rows = found.map((r) => r.place);
  if (rows.length >= limit) return rows;
  // Close matches: every prefix match is already in `rows`, so those are left out by the same LIKE.
  const close = await queries.close.execute({ name, prefix, limit: limit - rows.length });
  return [...rows, ...close];
}

/** A curated place the dataset lacks: a dataset row with a position and without a population. */
export type CuratedPlaceInput = Omit<DatasetPlace, 'lat' | 'lng' | 'population'> & {
  lat: number;
  lng: number;
};

/** Inserts a curated place that the dataset lacks, or refreshes it; returns its id. */
export async function upsertCuratedPlace(
  db: Db,
  input: CuratedPlaceInput,
): Promise<{ id: string; changed: boolean }> {
  const inserted = await db
    .insert(places)
    .values(input)
    // The proposed row is `input`: a changed title, name, short text or position refreshes it.
    .onConflictDoUpdate(
      updateWhenChanged(places, places.sourceKey, ['title', 'searchName', 'short', 'lat', 'lng']),
    )
    .returning({ id: places.id });
  if (inserted[0]) return { id: inserted[0].id, changed: true };
  const existing = await findPlaceBySourceKey(db, input.sourceKey);
  return { id: existing!.id, changed: false };
}

/** Sets a place's short text; true when it changed. */
export async function setPlaceShort(db: Db, id: string, short: string): Promise<boolean> {
  const rows = await db
    .update(places)
    .set({ short, updatedAt: sql`now()` })
    .where(and(eq(places.id, id), sql`${places.short} is distinct from ${short}`))
    .returning({ id: places.id });
  return rows.length > 0;
}

/** How many features each place, country and region holds (counted by the features module). */
export interface FeatureCounts {
  byPlace: { placeId: string; n: number }[];
  byCountry: { countryCode: string; n: number }[];
  byRegion: { countryCode: string; regionCode: string; n: number }[];
}

/**
 * Writes every place's feature_count from the counts: a city its own features, a region and a
 * country the features of the places inside them. Only rows whose count changes are written.
 */
export async function writeFeatureCounts(db: Db, counts: FeatureCounts): Promise<void> {
  const rows = [
    ...counts.byPlace.map(({ placeId, n }) => ({ kind: 'place', id: placeId, cc: null, rc: null, n })),
    ...counts.byCountry.map(({ countryCode, n }) => ({
      kind: 'country',
      id: null,
      cc: countryCode,
      rc: null,
      n,
    })),
    ...counts.byRegion.map(({ countryCode, regionCode, n }) => ({
      kind: 'region',
      id: null,
      cc: countryCode,
      rc: regionCode,
      n,
    })),
  ];
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(kind text, id uuid, cc text, rc text, n int)
    ), counts as (
      select id, n from input where kind = 'place'
      union
      select p.id, i.n from places p
        join input i on i.kind = 'country' and p.type = 'Country' and p.country_code = i.cc
      union
      select p.id, i.n from places p
        join input i on i.kind = 'region' and p.type = 'Region' and p.country_code = i.cc and p.region_code = i.rc
    ), totals as (select id, max(n) as n from counts group by id)
    update places p set feature_count = coalesce(t.n, 0)
    from (select id from places where feature_count > 0 union select id from totals) ids
    left join totals t on t.id = ids.id
    where p.id = ids.id and p.feature_count is distinct from coalesce(t.n, 0)`);
}

/** The version a dataset or the catalogue was stamped with (undefined before the first write). */
export async function readStamp(db: Db, key: string): Promise<string | undefined> {
  return findValue(db, catalogueStamps.version, catalogueStamps.key, key);
}

export async function writeStamp(db: Db, key: string, version: string): Promise<void> {
  await db
    .insert(catalogueStamps)
    .values({ key, version })
    .onConflictDoUpdate({ target: catalogueStamps.key, set: { version, updatedAt: sql`now()` } });
}

/** SQL (a scalar subquery): the place's own image URL, null when it has none or is unknown. */
export function placeImageOriginalSql(placeId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${places.imageOriginal} from ${places} where ${places.id} = ${placeId})`;
}
