import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { features } from './features.table.ts';

export type FeatureRow = typeof features.$inferSelect;
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

/** One page in a stable order (rank, title, id: every feature has exactly one position) and the total. */
export async function searchFeatures(
  db: Db,
  filter: { scope: FeatureScope; categories?: string[] | undefined; skip: number; limit: number },
): Promise<{ rows: FeatureRow[]; total: number }> {
  const conditions = [scopeCondition(filter.scope)];
  if (filter.categories)
    conditions.push(sql`${features.categories} && ${sql.param(filter.categories)}::text[]`);
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(features)
      .where(where)
      .orderBy(sql`${features.rank} asc nulls last`, asc(features.title), asc(features.id))
      .offset(filter.skip)
      .limit(filter.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(features)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
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
      .onConflictDoUpdate({
        target: features.key,
        set: {
          placeId: sql`excluded.place_id`,
          countryCode: sql`excluded.country_code`,
          regionCode: sql`excluded.region_code`,
          title: sql`excluded.title`,
          address: sql`excluded.address`,
          description: sql`excluded.description`,
          rank: sql`excluded.rank`,
          categories: sql`excluded.categories`,
          model: sql`excluded.model`,
          lat: sql`excluded.lat`,
          lng: sql`excluded.lng`,
          imageOriginal: sql`excluded.image_original`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${features.placeId}, ${features.countryCode}, ${features.regionCode}, ${features.title}, ${features.address}, ${features.description}, ${features.rank}, ${features.categories}, ${features.model}, ${features.lat}, ${features.lng}, ${features.imageOriginal}, ${features.source})
          is distinct from (excluded.place_id, excluded.country_code, excluded.region_code, excluded.title, excluded.address, excluded.description, excluded.rank, excluded.categories, excluded.model, excluded.lat, excluded.lng, excluded.image_original, excluded.source)`,
      })
      .returning({ key: features.key });
    changed.push(...result.map((r) => r.key));
  }
  return changed;
}
