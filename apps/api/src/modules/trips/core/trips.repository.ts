import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TripRole } from '@tripcrew/contracts/trips';
import { queryRows, type Db } from '../../../db/client.ts';
import { userDisplayNameSql } from '../../users/index.ts';
import { plannerDays } from '../planner/trip-planner.table.ts';
import { plannerItems, tripFeatures, tripMembers, trips, type TripRow } from './trips.table.ts';

/**
 * SQL of the trips themselves. Every function takes the database or an open transaction; the
 * sub-resources (members, features, planner, checklist, calendar feed) have their own files.
 */

export type NewTripRow = typeof trips.$inferInsert;

/** `values` as one SQL array of `type`, each element a parameter. */
const arrayOf = (
  values: ReadonlyArray<string | number | null>,
  type: 'uuid' | 'text' | 'date' | 'int4',
): SQL =>
  values.length === 0
    ? sql`${sql.raw(`'{}'::${type}[]`)}`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]${sql.raw(`::${type}[]`)}`;

/**
 * A new trip with its members, its features and their planner items (in the tray, positions
 * 0..n-1 in the order given) in one statement: atomic on its own, so no transaction round trips
 * around it. The callers check places, people and features before (the statement trusts them).
 * Also answers the creator's display name, for the members' notifications.
 */
export async function insertTripWithContent(
  db: Db,
  values: Required<Pick<NewTripRow, 'placeId' | 'tripName' | 'transportMode' | 'categories'>> &
    Pick<NewTripRow, 'startDate' | 'endDate'> & { createdBy: string },
  members: ReadonlyArray<{ userId: string; role: TripRole }>,
  featureIds: readonly string[],
  /** Where each feature goes (a ready-made plan): its day and place there; the rest go to the tray. */
  planned: ReadonlyMap<string, { day: string; position: number }> = new Map(),
  /** When planned days start ('HH:MM'), by day. */
  starts: ReadonlyMap<string, string> = new Map(),
): Promise<{ id: string; tripName: string; creatorName: string | null }> {
  const tray = featureIds.filter((id) => !planned.has(id));
  const days = featureIds.map((id) => planned.get(id)?.day ?? null);
  const positions = featureIds.map((id) => planned.get(id)?.position ?? tray.indexOf(id));
  const rows = await queryRows<{ id: string; trip_name: string; creator_name: string | null }>(
    db,
    sql`with t as (
        insert into ${trips} (place_id, trip_name, start_date, end_date, transport_mode, categories, created_by)
        values (${values.placeId}::uuid, ${values.tripName}, ${values.startDate ?? null}::date,
          ${values.endDate ?? null}::date, ${values.transportMode}, ${arrayOf(values.categories, 'text')},
          ${values.createdBy}::uuid)
        returning id, trip_name),
      m as (insert into ${tripMembers} (trip_id, user_id, role)
        select t.id, x.user_id, x.role from t,
          unnest(${arrayOf(
            members.map((m) => m.userId),
            'uuid',
          )}, ${arrayOf(
            members.map((m) => m.role),
            'text',
          )}) as x(user_id, role)),
      f as (select fid, day, pos from unnest(${arrayOf(featureIds, 'uuid')}, ${arrayOf(days, 'date')},
        ${arrayOf(positions, 'int4')}) as x(fid, day, pos)),
      tf as (insert into ${tripFeatures} (trip_id, feature_id) select t.id, f.fid from t, f),
      pi as (insert into ${plannerItems} (trip_id, kind, feature_id, day, position)
        select t.id, 'feature', f.fid, f.day, f.pos from t, f),
      pd as (insert into ${plannerDays} (trip_id, day, start)
        select t.id, s.day, s.start from t,
          unnest(${arrayOf([...starts.keys()], 'date')}, ${arrayOf([...starts.values()], 'text')}) as s(day, start))
      select id, trip_name, ${userDisplayNameSql(values.createdBy)} as creator_name from t`,
  );
  const row = rows[0];
  if (!row) throw new Error('insert into trips returned no row');
  return { id: row.id, tripName: row.trip_name, creatorName: row.creator_name };
}

export async function findTrip(db: Db, id: string): Promise<TripRow | undefined> {
  const rows = await db.select().from(trips).where(eq(trips.id, id)).limit(1);
  return rows[0];
}

/** A trip and the role of one user in it (null when that user is not a member). */
export interface TripWithRole {
  trip: TripRow;
  role: TripRole | null;
}

/**
 * The trip and `userId`'s role in one statement (the access check of every trip call). With
 * `lock`, the trip row is locked until the transaction ends: every trip write serialises on it.
 */
export async function findTripWithRole(
  db: Db,
  tripId: string,
  userId: string,
  lock: boolean,
): Promise<TripWithRole | undefined> {
  const query = db
    .select({ trip: trips, role: tripMembers.role })
    .from(trips)
    .leftJoin(tripMembers, and(eq(tripMembers.tripId, trips.id), eq(tripMembers.userId, userId)))
    .where(eq(trips.id, tripId))
    .limit(1);
  const rows = await (lock ? query.for('update', { of: trips }) : query);
  return rows[0];
}

export async function updateTrip(
  db: Db,
  id: string,
  patch: Partial<Omit<NewTripRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(trips)
    .set({ ...patch, updatedAt: sql`now()`, version: sql`${trips.version} + 1` })
    .where(eq(trips.id, id));
}

export async function deleteTrip(db: Db, id: string): Promise<void> {
  await db.delete(trips).where(eq(trips.id, id));
}

/** SQL (a scalar subquery): the name of the trip whose id is `tripId` (a column or a value). */
export function tripNameSql(tripId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${trips.tripName} from ${trips} where ${trips.id} = ${tripId})`;
}
