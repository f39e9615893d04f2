import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { featureListJsonSql, type FeatureListRow } from '../../features/index.ts';
import { foldTripRows, viewer, viewerOfTrip, type TripWith } from '../core/trip-read.sql.ts';
import { tripFeatures, trips } from '../core/trips.table.ts';

/** SQL of the features picked for a trip (the features themselves come from the features module). */

export interface TripFeatureRef {
  featureId: string;
  /** 1 for the earliest added, the same number for features added together (one insert). */
  addedOrder: number;
}

export async function countFeaturesOfTrips(db: Db, tripIds: string[]): Promise<Map<string, number>> {
  if (tripIds.length === 0) return new Map();
  const rows = await db
    .select({ tripId: tripFeatures.tripId, n: count() })
    .from(tripFeatures)
    .where(inArray(tripFeatures.tripId, tripIds))
    .groupBy(tripFeatures.tripId);
  return new Map(rows.map((r) => [r.tripId, r.n]));
}

/** The ids of the trip's features, earliest added first (rank and title are sorted in by the caller). */
export async function findFeatureRefsOfTrip(db: Db, tripId: string): Promise<TripFeatureRef[]> {
  return db
    .select({
      featureId: tripFeatures.featureId,
      addedOrder: sql<number>`dense_rank() over (order by ${tripFeatures.createdAt})`.mapWith(Number),
    })
    .from(tripFeatures)
    .where(eq(tripFeatures.tripId, tripId))
    .orderBy(asc(tripFeatures.createdAt), asc(tripFeatures.featureId));
}

/** GET trip features: the trip, the caller's role and (members only) the feature refs, in one statement. */
const tripFeatureRefsQuery = preparedQuery((db) =>
  db
    .select({
      trip: trips,
      role: viewer.role,
      featureId: tripFeatures.featureId,
      addedOrder: sql<number>`dense_rank() over (order by ${tripFeatures.createdAt})`.mapWith(Number),
      feature: featureListJsonSql(tripFeatures.featureId),
    })
    .from(trips)
    .leftJoin(viewer, viewerOfTrip)
    .leftJoin(tripFeatures, and(eq(tripFeatures.tripId, trips.id), isNotNull(viewer.role)))
    .where(eq(trips.id, sql.placeholder('tripId')))
    .orderBy(asc(tripFeatures.createdAt), asc(tripFeatures.featureId))
    .prepare('trip_feature_refs_read'),
);

/**
 * The trip with `userId`'s role and its feature refs (findFeatureRefsOfTrip order) with the
 * features; undefined if no trip.
 */
export async function findTripWithFeatures(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripWith<{ ref: TripFeatureRef; feature: FeatureListRow }> | undefined> {
  const rows = await tripFeatureRefsQuery(db).execute({ tripId, userId });
  return foldTripRows(rows, ({ featureId, addedOrder, feature }) =>
    featureId && feature ? { ref: { featureId, addedOrder }, feature } : undefined,
  );
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
