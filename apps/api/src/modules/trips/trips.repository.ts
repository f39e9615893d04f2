import type { TripRole } from '@tripcrew/contracts/trips';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { features } from '../features/features.table.ts';
import { places } from '../places/places.table.ts';
import { users } from '../users/users.table.ts';
import {
  calendarFeeds,
  checklistEntries,
  plannerItems,
  tripFeatures,
  tripMembers,
  trips,
  type PlannerItemRow,
  type TripRow,
} from './trips.table.ts';

/** SQL of the trips module. Every function takes the database or an open transaction. */

export type PlaceRow = typeof places.$inferSelect;
export type FeatureRow = typeof features.$inferSelect;
export type NewTripRow = typeof trips.$inferInsert;

// ---------------------------------------------------------------- places and features (read only)

export async function findPlace(db: Db, id: string): Promise<PlaceRow | undefined> {
  const rows = await db.select().from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}

export async function findPlacesByIds(db: Db, ids: string[]): Promise<PlaceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(places).where(inArray(places.id, ids));
}

export async function findFeaturesByIds(db: Db, ids: string[]): Promise<FeatureRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(features).where(inArray(features.id, ids));
}

// ---------------------------------------------------------------- trips

export async function insertTrip(db: Db, values: NewTripRow): Promise<TripRow> {
  const rows = await db.insert(trips).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into trips returned no row');
  return row;
}

export async function findTrip(db: Db, id: string): Promise<TripRow | undefined> {
  const rows = await db.select().from(trips).where(eq(trips.id, id)).limit(1);
  return rows[0];
}

/** The trip row, locked until the transaction ends: every trip write serialises on it. */
export async function lockTrip(db: Db, id: string): Promise<TripRow | undefined> {
  const rows = await db.select().from(trips).where(eq(trips.id, id)).limit(1).for('update');
  return rows[0];
}

export async function updateTrip(
  db: Db,
  id: string,
  patch: Partial<Omit<NewTripRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(trips)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(trips.id, id));
}

export async function deleteTrip(db: Db, id: string): Promise<void> {
  await db.delete(trips).where(eq(trips.id, id));
}

/**
 * The user's trips: newest start first, dateless trips last. With `endingFrom` (a day), only
 * those that have not ended by then, soonest first (dateless last).
 */
export async function findTripIdsOfUser(
  db: Db,
  userId: string,
  options: { endingFrom?: string } = {},
): Promise<string[]> {
  const base = db
    .select({ id: trips.id })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId));
  if (options.endingFrom === undefined) {
    const rows = await base
      .where(eq(tripMembers.userId, userId))
      .orderBy(sql`${trips.startDate} desc nulls last`, desc(trips.createdAt), asc(trips.id));
    return rows.map((r) => r.id);
  }
  const rows = await base
    .where(
      and(eq(tripMembers.userId, userId), or(isNull(trips.endDate), gte(trips.endDate, options.endingFrom))),
    )
    .orderBy(sql`${trips.startDate} asc nulls last`, desc(trips.createdAt), asc(trips.id));
  return rows.map((r) => r.id);
}

export async function findTripsByIds(db: Db, ids: string[]): Promise<TripRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(trips).where(inArray(trips.id, ids));
}

// ---------------------------------------------------------------- members

export interface MemberWithUser {
  tripId: string;
  userId: string;
  role: TripRole;
  name: string;
  lastName: string;
  imageThumbnail: string | null;
}

export async function findMembersOfTrips(db: Db, tripIds: string[]): Promise<MemberWithUser[]> {
  if (tripIds.length === 0) return [];
  return (
    db
      .select({
        tripId: tripMembers.tripId,
        userId: tripMembers.userId,
        role: tripMembers.role,
        name: users.name,
        lastName: users.lastName,
        imageThumbnail: users.imageThumbnail,
      })
      .from(tripMembers)
      .innerJoin(users, eq(users.id, tripMembers.userId))
      .where(inArray(tripMembers.tripId, tripIds))
      // Joined first, first; the creator (admin) before the members who joined with the trip.
      .orderBy(
        asc(tripMembers.createdAt),
        sql`${tripMembers.role} <> 'admin'`,
        asc(users.name),
        asc(tripMembers.userId),
      )
  );
}

export async function findMemberRole(db: Db, tripId: string, userId: string): Promise<TripRole | null> {
  const rows = await db
    .select({ role: tripMembers.role })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

export async function insertMembers(
  db: Db,
  rows: Array<{ tripId: string; userId: string; role: TripRole }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(tripMembers).values(rows);
}

export async function updateMemberRole(
  db: Db,
  tripId: string,
  userId: string,
  role: TripRole,
): Promise<void> {
  await db
    .update(tripMembers)
    .set({ role })
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
}

export async function deleteMember(db: Db, tripId: string, userId: string): Promise<void> {
  await db.delete(tripMembers).where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
}

export async function countMembers(db: Db, tripId: string): Promise<{ all: number; admins: number }> {
  const rows = await db
    .select({
      all: count(),
      admins: sql<number>`count(*) filter (where ${tripMembers.role} = 'admin')`.mapWith(Number),
    })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return { all: rows[0]?.all ?? 0, admins: rows[0]?.admins ?? 0 };
}

// ---------------------------------------------------------------- trip features

export async function countFeaturesOfTrips(db: Db, tripIds: string[]): Promise<Map<string, number>> {
  if (tripIds.length === 0) return new Map();
  const rows = await db
    .select({ tripId: tripFeatures.tripId, n: count() })
    .from(tripFeatures)
    .where(inArray(tripFeatures.tripId, tripIds))
    .groupBy(tripFeatures.tripId);
  return new Map(rows.map((r) => [r.tripId, r.n]));
}

/** The trip's features in the order they were added (then by rank and title). */
export async function findFeaturesOfTrip(db: Db, tripId: string): Promise<FeatureRow[]> {
  const rows = await db
    .select({ feature: features })
    .from(tripFeatures)
    .innerJoin(features, eq(features.id, tripFeatures.featureId))
    .where(eq(tripFeatures.tripId, tripId))
    .orderBy(
      asc(tripFeatures.createdAt),
      sql`${features.rank} asc nulls last`,
      asc(features.title),
      asc(features.id),
    );
  return rows.map((r) => r.feature);
}

/** Adds features to the trip; resolves to the ids that were not there yet, in the order given. */
export async function insertTripFeatures(db: Db, tripId: string, featureIds: string[]): Promise<string[]> {
  if (featureIds.length === 0) return [];
  const rows = await db
    .insert(tripFeatures)
    .values(featureIds.map((featureId) => ({ tripId, featureId })))
    .onConflictDoNothing()
    .returning({ featureId: tripFeatures.featureId });
  const added = new Set(rows.map((r) => r.featureId));
  return featureIds.filter((id) => added.has(id));
}

/** Removes a feature (its planner item goes with it, by the foreign key); false when absent. */
export async function deleteTripFeature(db: Db, tripId: string, featureId: string): Promise<boolean> {
  const rows = await db
    .delete(tripFeatures)
    .where(and(eq(tripFeatures.tripId, tripId), eq(tripFeatures.featureId, featureId)))
    .returning({ featureId: tripFeatures.featureId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- planner

export interface PlannerItemWithFeature {
  item: PlannerItemRow;
  feature: FeatureRow | null;
}

export async function findPlannerItems(db: Db, tripId: string): Promise<PlannerItemWithFeature[]> {
  return db
    .select({ item: plannerItems, feature: features })
    .from(plannerItems)
    .leftJoin(features, eq(features.id, plannerItems.featureId))
    .where(eq(plannerItems.tripId, tripId))
    .orderBy(
      sql`${plannerItems.day} asc nulls first`,
      asc(plannerItems.position),
      asc(plannerItems.createdAt),
      asc(plannerItems.id),
    );
}

export async function findPlannerItem(
  db: Db,
  tripId: string,
  itemId: string,
): Promise<PlannerItemRow | undefined> {
  const rows = await db
    .select()
    .from(plannerItems)
    .where(and(eq(plannerItems.tripId, tripId), eq(plannerItems.id, itemId)))
    .limit(1);
  return rows[0];
}

const sameDay = (day: string | null) => (day === null ? isNull(plannerItems.day) : eq(plannerItems.day, day));

/** The ids of one list (a day, or the tray for null) in order. */
export async function findListIds(db: Db, tripId: string, day: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: plannerItems.id })
    .from(plannerItems)
    .where(and(eq(plannerItems.tripId, tripId), sameDay(day)))
    .orderBy(asc(plannerItems.position), asc(plannerItems.createdAt), asc(plannerItems.id));
  return rows.map((r) => r.id);
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
  return db.insert(plannerItems).values(rows).returning();
}

export async function updatePlannerItem(
  db: Db,
  itemId: string,
  patch: { text?: string; time?: string | null },
): Promise<void> {
  await db.update(plannerItems).set(patch).where(eq(plannerItems.id, itemId));
}

export async function deletePlannerItem(db: Db, itemId: string): Promise<void> {
  await db.delete(plannerItems).where(eq(plannerItems.id, itemId));
}

/** Items on a day outside [start, end] (every dated item when the trip has no dates), in day/position order. */
export async function findItemIdsOutside(
  db: Db,
  tripId: string,
  range: { start: string; end: string } | null,
): Promise<string[]> {
  const outside = range
    ? or(lt(plannerItems.day, range.start), gt(plannerItems.day, range.end))
    : sql`${plannerItems.day} is not null`;
  const rows = await db
    .select({ id: plannerItems.id })
    .from(plannerItems)
    .where(and(eq(plannerItems.tripId, tripId), outside))
    .orderBy(
      asc(plannerItems.day),
      asc(plannerItems.position),
      asc(plannerItems.createdAt),
      asc(plannerItems.id),
    );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- checklist

export async function findChecklist(db: Db, tripId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ entry: checklistEntries.entry })
    .from(checklistEntries)
    .where(and(eq(checklistEntries.tripId, tripId), eq(checklistEntries.userId, userId)))
    .orderBy(asc(checklistEntries.position));
  return rows.map((r) => r.entry);
}

export async function replaceChecklist(
  db: Db,
  tripId: string,
  userId: string,
  entries: string[],
): Promise<void> {
  await db
    .delete(checklistEntries)
    .where(and(eq(checklistEntries.tripId, tripId), eq(checklistEntries.userId, userId)));
  if (entries.length === 0) return;
  await db
    .insert(checklistEntries)
    .values(entries.map((entry, position) => ({ tripId, userId, entry, position })));
}

// ---------------------------------------------------------------- calendar feed

export async function findFeedToken(db: Db, tripId: string): Promise<string | undefined> {
  const rows = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tripId, tripId))
    .limit(1);
  return rows[0]?.token;
}

export async function saveFeedToken(db: Db, tripId: string, token: string, userId: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ tripId, token, createdBy: userId })
    .onConflictDoUpdate({
      target: calendarFeeds.tripId,
      set: { token, createdBy: userId, createdAt: sql`now()` },
    });
}

export async function deleteFeed(db: Db, tripId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.tripId, tripId));
}

export async function findTripIdByFeedToken(db: Db, token: string): Promise<string | undefined> {
  const rows = await db
    .select({ tripId: calendarFeeds.tripId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return rows[0]?.tripId;
}

export async function findPlannerItemOfFeature(
  db: Db,
  tripId: string,
  featureId: string,
): Promise<PlannerItemRow | undefined> {
  const rows = await db
    .select()
    .from(plannerItems)
    .where(and(eq(plannerItems.tripId, tripId), eq(plannerItems.featureId, featureId)))
    .limit(1);
  return rows[0];
}
