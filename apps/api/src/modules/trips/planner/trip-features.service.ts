import { isUuid } from '@tripcrew/contracts/common';
import type { Feature } from '@tripcrew/contracts/features';
import { TRIP_MAX_FEATURES } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { toFeature, type FeatureListRow } from '../../features/index.ts';
import { findPlaceRows, type PlaceRow } from '../../places/index.ts';
import { readWith, writeAccess } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import {
  countFeaturesOfTrips,
  deleteTripFeature,
  findTripWithFeatures,
  insertTripFeatures,
} from './trip-features.repository.ts';
import { findPlannerItemOf } from './trip-planner.repository.ts';
import { addToTray, renumber } from './trip-planner.service.ts';
import { featuresById, featuresOfTrip, inTripOrder } from '../core/trip-views.ts';
import { recordActivity } from '../history/record-versions.ts';

/**
 * Whether a feature's place lies in the trip's place: the place itself, or for a country or region
 * a place inside it (a feature carries its place's country and region codes: features.table.ts).
 */
function placeInPlace(tripPlace: PlaceRow, featurePlace: PlaceRow): boolean {
  if (featurePlace.id === tripPlace.id) return true;
  if (featurePlace.countryCode !== tripPlace.countryCode) return false;
  if (tripPlace.type === 'Country') return true;
  const regionCode = featurePlace.type === 'Country' ? null : featurePlace.regionCode;
  return tripPlace.type === 'Region' && !!tripPlace.regionCode && regionCode === tripPlace.regionCode;
}

/** Of these features, the ids of those outside the trip's place. */
async function featuresOutside(conn: Db, place: PlaceRow, features: FeatureListRow[]): Promise<Set<string>> {
  const elsewhere = features.filter((f) => f.placeId !== place.id);
  if (elsewhere.length === 0) return new Set();
  const holdsPlaces = place.type === 'Country' || (place.type === 'Region' && place.regionCode);
  const places = holdsPlaces ? await findPlaceRows(conn, [...new Set(elsewhere.map((f) => f.placeId))]) : [];
  const inside = new Set(places.filter((p) => placeInPlace(place, p)).map((p) => p.id));
  return new Set(elsewhere.filter((f) => !inside.has(f.placeId)).map((f) => f.id));
}

/** The features of these ids (those that exist), for checkFeatures. */
export function readFeatures(conn: Db, ids: readonly string[]): Promise<Map<string, FeatureListRow>> {
  return featuresById(conn, [...new Set(ids)].filter(isUuid));
}

/**
 * The ids in order without duplicates, all features of the place; 400 naming the others.
 * `features` is readFeatures(ids) when the caller read it already.
 */
export async function checkFeatures(
  conn: Db,
  place: PlaceRow,
  ids: readonly string[],
  features?: Map<string, FeatureListRow>,
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const byId = new Map(
    [...(features ?? (await readFeatures(conn, unique))).values()].map((r) => [r.id.toLowerCase(), r]),
  );
  const unknown = unique.filter((id) => !byId.has(id.toLowerCase()));
  if (unknown.length > 0) {
    throw badRequest(`Unknown feature ids: ${unknown.join(', ')}.`, 'featureIds');
  }
  const found = unique.map((id) => byId.get(id.toLowerCase()) as FeatureListRow);
  const outside = await featuresOutside(conn, place, found);
  const elsewhere = unique.filter((_, i) => outside.has((found[i] as FeatureListRow).id));
  if (elsewhere.length > 0) {
    throw badRequest(
      `These features are not in ${place.title}, the place of the trip: ${elsewhere.join(', ')}.`,
      'featureIds',
    );
  }
  // Ids that differ only in case name the same feature: once.
  return [...new Set(found.map((row) => row.id))];
}

/** The features picked for a trip (TRIP-05, TRIP-09). */
export function createTripFeaturesService(ctx: TripContext) {
  const { db } = ctx;
  return {
    async features(userId: string, tripId: string): Promise<Feature[]> {
      const { rows: features } = await readWith(tripId, 'trip.read', () =>
        findTripWithFeatures(db, tripId, userId),
      );
      return inTripOrder(features).map(toFeature);
    },

    /** Adds features of the trip's place (present ones are ignored); each new one lands in the tray. */
    async addFeatures(userId: string, tripId: string, featureIds: string[]): Promise<Feature[]> {
      return ctx.changeTrip(userId, 'features', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'features.edit');
        const [place] = await findPlaceRows(tx, [trip.placeId]);
        if (!place) throw badRequest('Unknown place');
        const found = await readFeatures(tx, featureIds);
        const ids = await checkFeatures(tx, place, featureIds, found);
        const added = await insertTripFeatures(tx, trip.id, ids);
        for (const featureId of added) {
          await recordActivity(tx, userId, {
            tripId: trip.id,
            kind: 'trip-feature',
            recordId: featureId,
            action: 'added',
            version: null,
            label: found.get(featureId)?.title ?? '',
          });
        }
        const total = (await countFeaturesOfTrips(tx, [trip.id])).get(trip.id) ?? 0;
        if (total > TRIP_MAX_FEATURES) {
          throw badRequest(`A trip can have at most ${TRIP_MAX_FEATURES} features.`, 'featureIds');
        }
        await addToTray(
          tx,
          trip.id,
          added.map((featureId) => ({ featureId })),
        );
        return { tripId: trip.id, value: (await featuresOfTrip(tx, trip.id)).map(toFeature) };
      });
    },

    /** Removes a feature and its planner item. */
    async removeFeature(userId: string, tripId: string, featureId: string): Promise<void> {
      await ctx.changeTrip(userId, 'features', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'features.edit');
        const item = isUuid(featureId) ? await findPlannerItemOf(tx, trip.id, { featureId }) : undefined;
        const removed = isUuid(featureId) && (await deleteTripFeature(tx, trip.id, featureId));
        if (!removed) throw notFound('This feature is not in the trip.');
        if (item) await renumber(tx, trip.id, item.day);
        await recordActivity(tx, userId, {
          tripId: trip.id,
          kind: 'trip-feature',
          recordId: featureId.toLowerCase(),
          action: 'removed',
          version: null,
          label: (await featuresById(tx, [featureId])).get(featureId.toLowerCase())?.title ?? '',
          before: { date: item?.day ?? null, time: item?.time ?? null },
        });
        return { tripId: trip.id, value: undefined };
      });
    },
  };
}

export type TripFeaturesService = ReturnType<typeof createTripFeaturesService>;
