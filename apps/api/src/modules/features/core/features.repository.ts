import { and, asc, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { updateWhenChanged } from '../../../db/upsert.ts';
import { features } from './features.table.ts';

export type FeatureRow = typeof features.$inferSelect;

/** The columns a feature's API shape needs (toFeature): what a page of a search reads. */
const listColumns = {
  id: features.id,
  key: features.key,
  placeId: features.placeId,
  title: features.title,
  address: features.address,
  description: features.description,
  rank: features.rank,
  categories: features.categories,
  model: features.model,
  lat: features.lat,
  lng: features.lng,
  imageOriginal: features.imageOriginal,
  facts: features.facts,
  timeZone: features.timeZone,
};
export type FeatureListRow = Pick<FeatureRow, keyof typeof listColumns>;
export type FeatureInput = Omit<FeatureRow, 'id' | 'updatedAt'>;

/** Which features a place lists: its own, or those inside a country or region. */
export type FeatureScope =
  | { kind: 'place'; placeId: string }
  | { kind: 'country'; countryCode: string }
  | { kind: 'region'; countryCode: string; regionCode: string };

function scopeCondition(scope: FeatureScope): SQL {
  if (scope.kind === 'place') return eq(features.placeId, scope.placeId);
  if (scope.kind === 'country') return eq(features.countryCode, scope.countryCode);
  return and(eq(features.countryCode, scope.countryCode), eq(features.regionCode, scope.regionCode))!;
}

function searchCondition(filter: { scope: FeatureScope; categories?: string[] | undefined }): SQL {
  const conditions = [scopeCondition(filter.scope)];
  if (filter.categories)
    conditions.push(sql`${features.categories} && ${sql.param(filter.categories)}::text[]`);
  return and(...conditions)!;
}

/** The scope condition with placeholders, for the prepared page queries. */
function scopePlaceholders(kind: FeatureScope['kind']): SQL {
  if (kind === 'place') return eq(features.placeId, sql.placeholder('placeId'));
  if (kind === 'country') return eq(features.countryCode, sql.placeholder('countryCode'));
  return and(
    eq(features.countryCode, sql.placeholder('countryCode')),
    eq(features.regionCode, sql.placeholder('regionCode')),
  )!;
}

function preparePage(db: Db, kind: FeatureScope['kind'], filtered: boolean) {
  const where = filtered
    ? and(scopePlaceholders(kind), sql`${features.categories} && ${sql.placeholder('categories')}::text[]`)
    : scopePlaceholders(kind);
  const page = db
    .select({ id: features.id, rank: features.rank, title: features.title })
    .from(features)
    .where(where)
    .orderBy(sql`${features.rank} asc nulls last`, asc(features.title), asc(features.id))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select(listColumns)
    .from(page)
    .innerJoin(features, eq(features.id, page.id))
    .orderBy(sql`${page.rank} asc nulls last`, asc(page.title), asc(page.id))
    .prepare(`features_page_${kind}${filtered ? '_categories' : ''}`);
}
type PreparedPage = ReturnType<typeof preparePage>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * One page in a stable order (rank, title, id: every feature has exactly one position). The
 * skipped rows are walked in the order index (features_place_order / _country_order /
 * _region_order, which match the ORDER BY) reading only the sort keys, an index-only scan once
 * the table is vacuumed; only the page's rows are then fetched by id. The query is built once per
 * scope kind (a prepared statement on PostgreSQL): building it cost more than running it.
 */
export async function findFeaturePage(
  db: Db,
  filter: { scope: FeatureScope; categories?: string[] | undefined; skip: number; limit: number },
): Promise<FeatureListRow[]> {
  const { scope } = filter;
  const filtered = filter.categories !== undefined;
  let queries = preparedPages.get(db);
  if (!queries) preparedPages.set(db, (queries = new Map()));
  const key = `${scope.kind}:${filtered}`;
  let query = queries.get(key);
  if (!query) queries.set(key, (query = preparePage(db, scope.kind, filtered)));
  return query.execute({
    placeId: scope.kind === 'place' ? scope.placeId : undefined,
    countryCode: scope.kind === 'place' ? undefined : scope.countryCode,
    regionCode: scope.kind === 'region' ? scope.regionCode : undefined,
    categories: filter.categories,
    skip: filter.skip,
    limit: filter.limit,
  });
}

/** A positioned feature as a map draws it, and how many the search matched in all. */
export interface FeatureMapPointRow {
  id: string;
  title: string;
  categories: string[];
  model: FeatureRow['model'];
  lat: number;
  lng: number;
  total: number;
}

/**
 * The positioned features of a search in rank order, at most `limit`, each row carrying the
 * number matched before the limit (one statement: the map asks once, not page by page).
 */
export async function findFeatureMapPoints(
  db: Db,
  filter: { scope: FeatureScope; categories?: string[] | undefined; limit: number },
): Promise<FeatureMapPointRow[]> {
  return db
    .select({
      id: features.id,
      title: features.title,
      categories: features.categories,
      model: features.model,
      lat: sql<number>`${features.lat}`,
      lng: sql<number>`${features.lng}`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(features)
    .where(and(searchCondition(filter), isNotNull(features.lat), isNotNull(features.lng)))
    .orderBy(sql`${features.rank} asc nulls last`, asc(features.title), asc(features.id))
    .limit(filter.limit);
}

/** How many features a search matches (the scope, narrowed by categories when given). */
export async function countFeatures(
  db: Db,
  filter: { scope: FeatureScope; categories?: string[] | undefined },
): Promise<number> {
  const counted = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(features)
    .where(searchCondition(filter));
  return counted[0]?.n ?? 0;
}

/** How many features each place, country and region holds (for the places' feature counts). */
export async function countFeaturesPerPlace(db: Db): Promise<{
  byPlace: { placeId: string; n: number }[];
  byCountry: { countryCode: string; n: number }[];
  byRegion: { countryCode: string; regionCode: string; n: number }[];
}> {
  const n = sql<number>`count(*)::int`;
  const byPlace = await db.select({ placeId: features.placeId, n }).from(features).groupBy(features.placeId);
  const byCountry = await db
    .select({ countryCode: features.countryCode, n })
    .from(features)
    .groupBy(features.countryCode);
  const byRegion = await db
    .select({ countryCode: features.countryCode, regionCode: features.regionCode, n })
    .from(features)
    .where(isNotNull(features.regionCode))
    .groupBy(features.countryCode, features.regionCode);
  return {
    byPlace,
    byCountry,
    byRegion: byRegion.flatMap((row) => (row.regionCode ? [{ ...row, regionCode: row.regionCode }] : [])),
  };
}

/** Features by id in the API's list shape (see toFeature); unknown ids are skipped, order not kept. */
/** Features by id with one array parameter: one statement text whatever the count, prepared once. */
const listByIds = preparedQuery((db) =>
  db
    .select(listColumns)
    .from(features)
    .where(sql`${features.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('features_list_by_ids'),
);

export async function findFeatureListByIds(db: Db, ids: readonly string[]): Promise<FeatureListRow[]> {
  if (ids.length === 0) return [];
  return listByIds(db).execute({ ids: [...ids] });
}

/** Feature ids by curated key (keys not found are left out). */
export async function findFeatureIdsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: features.id, key: features.key })
    .from(features)
    .where(sql`${features.key} = any(${sql.param([...keys])}::text[])`);
  return new Map(rows.map((row) => [row.key, row.id]));
}

export async function findFeatureByKey(db: Db, key: string): Promise<FeatureRow | undefined> {
  const rows = await db.select().from(features).where(eq(features.key, key)).limit(1);
  return rows[0];
}

const BATCH = 1_000;

/** Inserts or refreshes features by key; returns the keys of the rows that changed. */
export async function upsertFeatures(db: Db, rows: FeatureInput[]): Promise<string[]> {
  const changed: string[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await db
      .insert(features)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate(
        updateWhenChanged(features, features.key, [
          'placeId',
          'countryCode',
          'regionCode',
          'title',
          'address',
          'description',
          'rank',
          'categories',
          'model',
          'lat',
          'lng',
          'imageOriginal',
          'source',
          'facts',
          'timeZone',
        ]),
      )
      .returning({ key: features.key });
    changed.push(...result.map((r) => r.key));
  }
  return changed;
}

/**
 * SQL (a scalar subquery): the feature whose id is `id` (a column or a value) as a FeatureListRow
 * in JSON, null when there is none, for reads that list features in the same statement as their
 * own rows (a trip's planner and features).
 */
export function featureListJsonSql(id: SQLWrapper): SQL<FeatureListRow | null> {
  return sql<FeatureListRow | null>`(select json_build_object('id', ${features.id}, 'key', ${features.key}, 'placeId', ${features.placeId}, 'title', ${features.title}, 'address', ${features.address}, 'description', ${features.description}, 'rank', ${features.rank}, 'categories', ${features.categories}, 'model', ${features.model}, 'lat', ${features.lat}, 'lng', ${features.lng}, 'imageOriginal', ${features.imageOriginal}, 'facts', ${features.facts}, 'timeZone', ${features.timeZone}) from ${features} where ${features.id} = ${id})`;
}
