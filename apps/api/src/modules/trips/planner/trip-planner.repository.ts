import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { featureListJsonSql, type FeatureListRow } from '../../features/index.ts';
import { foldTripRows, viewer, viewerOfTrip, type TripWith } from '../core/trip-read.sql.ts';
import {
  plannerItems,
  tripPlaces,
  trips,
  type PlannerItemRow,
  type TripPlaceRow,
} from '../core/trips.table.ts';
import { addDays } from '../core/trip-dates.ts';
import { plannerDays } from './trip-planner.table.ts';

/** SQL of the planner: the trip's items on its days and in its tray (day null). */

/** The order of the items of one list. */
const listOrder = [asc(plannerItems.position), asc(plannerItems.createdAt), asc(plannerItems.id)];

const ofTrip = (tripId: string, condition?: SQL) =>
  condition ? and(eq(plannerItems.tripId, tripId), condition) : eq(plannerItems.tripId, tripId);

const sameDay = (day: string | null) => (day === null ? isNull(plannerItems.day) : eq(plannerItems.day, day));

/** Every item of the trip: the tray first, then day by day, each list in order. */
export async function findPlannerItems(db: Db, tripId: string): Promise<PlannerItemRow[]> {
  return db
    .select()
    .from(plannerItems)
    .where(ofTrip(tripId))
    .orderBy(sql`${plannerItems.day} asc nulls first`, ...listOrder);
}

/**
 * GET planner: the trip, the caller's role and (for members only) every item with its feature
 * (features' featureListJsonSql) or its place of the trip's own, in one statement.
 */
const tripPlannerQuery = preparedQuery((db) =>
  db
    .select({
      trip: trips,
      role: viewer.role,
      item: plannerItems,
      feature: featureListJsonSql(plannerItems.featureId),
      place: tripPlaces,
    })
    .from(trips)
    .leftJoin(viewer, viewerOfTrip)
    .leftJoin(plannerItems, and(eq(plannerItems.tripId, trips.id), isNotNull(viewer.role)))
    .leftJoin(tripPlaces, eq(tripPlaces.id, plannerItems.placeId))
    .where(eq(trips.id, sql.placeholder('tripId')))
    .orderBy(sql`${plannerItems.day} asc nulls first`, ...listOrder)
    .prepare('trip_planner_read'),
);

/** The trip with `userId`'s role and its items (findPlannerItems order) with their features; undefined if no trip. */
export async function findTripWithPlannerItems(
  db: Db,
  tripId: string,
  userId: string,
): Promise<
  TripWith<{ item: PlannerItemRow; feature: FeatureListRow | null; place: TripPlaceRow | null }> | undefined
> {
  const rows = await tripPlannerQuery(db).execute({ tripId, userId });
  return foldTripRows(rows, ({ item, feature, place }) => (item ? { item, feature, place } : undefined));
}

async function findOneItem(db: Db, tripId: string, condition: SQL): Promise<PlannerItemRow | undefined> {
  const rows = await db.select().from(plannerItems).where(ofTrip(tripId, condition)).limit(1);
  return rows[0];
}

export function findPlannerItem(db: Db, tripId: string, itemId: string): Promise<PlannerItemRow | undefined> {
  return findOneItem(db, tripId, eq(plannerItems.id, itemId));
}

/** The item of a feature of the trip, or of a place of its own. */
export function findPlannerItemOf(
  db: Db,
  tripId: string,
  of: { featureId: string } | { placeId: string },
): Promise<PlannerItemRow | undefined> {
  const condition =
    'featureId' in of ? eq(plannerItems.featureId, of.featureId) : eq(plannerItems.placeId, of.placeId);
  return findOneItem(db, tripId, condition);
}

async function findItemIds(db: Db, tripId: string, condition: SQL, order: SQL[]): Promise<string[]> {
  const rows = await db
    .select({ id: plannerItems.id })
    .from(plannerItems)
    .where(ofTrip(tripId, condition))
    .orderBy(...order);
  return rows.map((r) => r.id);
}

/** The ids of one list (a day, or the tray for null) in order. */
export function findListIds(db: Db, tripId: string, day: string | null): Promise<string[]> {
  return findItemIds(db, tripId, sameDay(day), listOrder);
}

/**
 * Items on a day outside [start, end] (every dated item when the trip has no dates), in
 * day/position order, with their days.
 */
export async function findItemsOutside(
  db: Db,
  tripId: string,
  range: { start: string; end: string } | null,
): Promise<{ id: string; day: string }[]> {
  const outside = range
    ? or(lt(plannerItems.day, range.start), gt(plannerItems.day, range.end))
    : sql`${plannerItems.day} is not null`;
  const rows = await db
    .select({ id: plannerItems.id, day: plannerItems.day })
    .from(plannerItems)
    .where(ofTrip(tripId, outside as SQL))
    .orderBy(asc(plannerItems.day), ...listOrder);
  return rows.map((row) => ({ id: row.id, day: row.day ?? '' }));
}

/** Moves every stop planned on a day by `days` days (the tray stays), in one statement. */
export async function shiftPlannedDays(db: Db, tripId: string, days: number): Promise<void> {
  await db.execute(sql`
    update ${plannerItems} set day = day + ${days}::int
    where ${plannerItems.tripId} = ${tripId}::uuid and day is not null`);
}

/** Puts `ids` on `day` (null: the tray) at positions 0..n-1, in one statement. */
export async function writeList(db: Db, tripId: string, day: string | null, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${plannerItems} set day = ${day}::date, position = v.position
    from (values ${values}) as v(id, position)
    where ${plannerItems.id} = v.id and ${plannerItems.tripId} = ${tripId}::uuid`);
}

export async function insertPlannerItems(
  db: Db,
  rows: Array<typeof plannerItems.$inferInsert>,
): Promise<PlannerItemRow[]> {
  if (rows.length === 0) return [];
  // Ids are random unless a client chose one (a note written offline): a taken id inserts nothing.
  return db.insert(plannerItems).values(rows).onConflictDoNothing({ target: plannerItems.id }).returning();
}

export async function updatePlannerItem(
  db: Db,
  itemId: string,
  patch: {
    text?: string | undefined;
    time?: string | null | undefined;
    visitMinutes?: number | null | undefined;
    hours?: string | null | undefined;
  },
): Promise<void> {
  await db
    .update(plannerItems)
    .set({ ...patch, version: sql`${plannerItems.version} + 1` })
    .where(eq(plannerItems.id, itemId));
}

/** Raises an item's version (it moved to another day). */
export async function bumpPlannerItem(db: Db, itemId: string): Promise<void> {
  await db
    .update(plannerItems)
    .set({ version: sql`${plannerItems.version} + 1` })
    .where(eq(plannerItems.id, itemId));
}

export async function deletePlannerItem(db: Db, itemId: string): Promise<void> {
  await db.delete(plannerItems).where(eq(plannerItems.id, itemId));
}

/** When each set day of a trip starts, by day, with the setting's version. */
export async function findDayStarts(
  db: Db,
  tripId: string,
): Promise<Map<string, { start: string; version: number }>> {
  const rows = await db.select().from(plannerDays).where(eq(plannerDays.tripId, tripId));
  return new Map(rows.map((row) => [row.day, { start: row.start, version: row.version }]));
}

/**
 * Sets when `day` starts if its setting is still at `version` (0: never set); false when
 * another change came first (nothing is written then).
 */
export async function writeDayStart(
  db: Db,
  tripId: string,
  day: string,
  start: string,
  version: number,
): Promise<boolean> {
  if (version === 0) {
    const added = await db
      .insert(plannerDays)
      .values({ tripId, day, start })
      .onConflictDoNothing()
      .returning({ day: plannerDays.day });
    return added.length === 1;
  }
  const changed = await db
    .update(plannerDays)
    .set({ start, version: sql`${plannerDays.version} + 1` })
    .where(and(eq(plannerDays.tripId, tripId), eq(plannerDays.day, day), eq(plannerDays.version, version)))
    .returning({ day: plannerDays.day });
  return changed.length === 1;
}

/**
 * Moves the set day starts of a trip by `days` with its plan (the dates moved with "shift"): read,
 * removed and written again, so no two days collide on the way.
 */
export async function shiftDayStarts(db: Db, tripId: string, days: number): Promise<void> {
  const rows = await db.delete(plannerDays).where(eq(plannerDays.tripId, tripId)).returning();
  if (rows.length === 0) return;
  await db.insert(plannerDays).values(rows.map((row) => ({ ...row, day: addDays(row.day, days) })));
}
