import { isUuid } from '@tripcrew/contracts/common';
import type { TripPlace } from '@tripcrew/contracts/trip-places';
import type { Trip, TripMember, TripNextBooking } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { publicFileUrl } from '../../../platform/storage.ts';
import { findFeatureRows, type FeatureListRow } from '../../features/index.ts';
import { placeImage } from '../../places/index.ts';
import { findFeatureRefsOfTrip, type TripFeatureRef } from '../planner/trip-features.repository.ts';
import { findPlannerItems } from '../planner/trip-planner.repository.ts';
import {
  findTripView,
  findTripViewsOfUser,
  type NextBookingJson,
  type TripMemberJson,
  type TripViewRow,
} from './trip-views.repository.ts';
import { assertTripAccess, TRIP_NOT_FOUND } from './trips.policy.ts';
import { findTripPlaces } from '../places/trip-places.repository.ts';
import type { PlannerItemRow, TripPlaceRow } from './trips.table.ts';

/**
 * The shared read side of the trips services: the trip views (one statement each, see
 * trip-views.repository.ts) and planner items and features joined in memory with the features
 * module's rows (fetched in one batched query through its public entry).
 */

/** Text order of the database's default collation (C: code point order). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Null after every number (`asc nulls last`). */
function compareNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

function byKey<T extends { id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The features with these ids, by id (unknown ids are left out). */
export async function featuresById(conn: Db, ids: readonly string[]): Promise<Map<string, FeatureListRow>> {
  return byKey(ids.length === 0 ? [] : await findFeatureRows(conn, ids));
}

/** The trip's features: added first, then by rank (unranked last), title and id. */
export async function featuresOfTrip(conn: Db, tripId: string): Promise<FeatureListRow[]> {
  return featuresOfRefs(conn, await findFeatureRefsOfTrip(conn, tripId));
}

/** The features of these refs, in trip order (see featuresOfTrip). */
export async function featuresOfRefs(conn: Db, refs: readonly TripFeatureRef[]): Promise<FeatureListRow[]> {
  const features = await featuresById(
    conn,
    refs.map((r) => r.featureId),
  );
  return inTripOrder(
    refs.flatMap((ref) => {
      const feature = features.get(ref.featureId);
      return feature ? [{ ref, feature }] : [];
    }),
  );
}

/** Features with their refs in trip order: added first, then by rank (unranked last), title and id. */
export function inTripOrder(
  listed: ReadonlyArray<{ ref: TripFeatureRef; feature: FeatureListRow }>,
): FeatureListRow[] {
  return [...listed]
    .sort(
      (a, b) =>
        a.ref.addedOrder - b.ref.addedOrder ||
        compareNullsLast(a.feature.rank, b.feature.rank) ||
        compareText(a.feature.title, b.feature.title) ||
        compareText(a.feature.id, b.feature.id),
    )
    .map((entry) => entry.feature);
}

/** A planner item with what it plans: its feature, or its place of the trip's own (a note has neither). */
export interface PlannerItemWithFeature {
  item: PlannerItemRow;
  feature: FeatureListRow | null;
  place: TripPlaceRow | null;
}

/** Every planner item of the trip in order (tray first, then day by day), with its feature or place. */
export async function plannerItemsOf(conn: Db, tripId: string): Promise<PlannerItemWithFeature[]> {
  const items = await findPlannerItems(conn, tripId);
  const features = await featuresById(conn, [
    ...new Set(items.flatMap((item) => (item.featureId ? [item.featureId] : []))),
  ]);
  const places = items.some((item) => item.placeId)
    ? byKey(await findTripPlaces(conn, tripId))
    : new Map<string, TripPlaceRow>();
  return items.map((item) => ({
    item,
    feature: (item.featureId && features.get(item.featureId)) || null,
    place: (item.placeId && places.get(item.placeId)) || null,
  }));
}

/** The members with name and picture: joined first, admin first, then by name and id. */
function membersOf(members: readonly TripMemberJson[]): TripMember[] {
  const joined = members.flatMap((m) => (m.card ? [{ ...m, card: m.card }] : []));
  joined.sort(
    (a, b) =>
      a.joinOrder - b.joinOrder ||
      Number(a.role !== 'admin') - Number(b.role !== 'admin') ||
      compareText(a.card.name, b.card.name) ||
      compareText(a.userId, b.userId),
  );
  return joined.map(({ userId, role, card }) => ({
    _id: userId,
    role,
    name: card.name,
    lastName: card.lastName,
    image: { thumbnail: card.imageThumbnail ? publicFileUrl(card.imageThumbnail) : null },
  }));
}

/** A trip's next booking as the lists answer it (the instant in ISO 8601, UTC). */
function nextBookingOf(next: NextBookingJson): TripNextBooking {
  return {
    _id: next.id,
    kind: next.kind,
    title: next.title,
    carrier: next.carrier,
    number: next.number,
    startLocal: next.startLocal,
    startZone: next.startZone,
    startAt: new Date(next.startAt).toISOString(),
    placeName: next.placeName,
  };
}

/** The API shape of a trip as a member sees it (404 when the viewer is not a member). */
function toTrip(row: TripViewRow): Trip {
  const { trip, myRole } = row;
  if (!myRole) throw notFound(TRIP_NOT_FOUND);
  const image = placeImage(trip.placeId, row.placeImageOriginal);
  return {
    _id: trip.id,
    tripName: trip.tripName,
    startDate: trip.startDate,
    endDate: trip.endDate,
    transportMode: trip.transportMode,
    image: {
      original: trip.imageOriginal ?? image,
      landscape: trip.imageLandscape ?? trip.imageOriginal ?? image,
    },
    users: membersOf(row.members),
    placeId: trip.placeId,
    categories: trip.categories,
    featureCount: row.featureCount,
    myRole,
    createdAt: trip.createdAt.toISOString(),
    version: trip.version,
  };
}

/**
 * GET of one trip: the access check (trips.policy.ts, `trip.read`) and the whole view in one
 * statement. Unknown trips and non-members: 404.
 */
export async function readTripView(conn: Db, userId: string, tripId: string): Promise<Trip> {
  if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
  const row = await findTripView(conn, tripId, userId);
  assertTripAccess(row?.myRole ?? null, 'trip.read');
  return toTrip(row as TripViewRow);
}

/** The trip as `viewerId` sees it, after a change made in `conn` (404 if not a member). */
export async function tripView(conn: Db, tripId: string, viewerId: string): Promise<Trip> {
  const row = await findTripView(conn, tripId, viewerId);
  if (!row) throw notFound(TRIP_NOT_FOUND);
  return toTrip(row);
}

/** The user's trips in list order with their next booking (see findTripViewsOfUser), in one statement. */
export async function tripViewsOfUser(
  conn: Db,
  userId: string,
  options: { now: Date; endingFrom?: string },
): Promise<Trip[]> {
  return (await findTripViewsOfUser(conn, userId, options)).map((row) => ({
    ...toTrip(row),
    next: row.next ? nextBookingOf(row.next) : null,
  }));
}

/** A place of the trip's own as the API answers it. */
export function tripPlaceView(row: TripPlaceRow): TripPlace {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    address: row.address,
    coordinates: { lat: row.lat, lng: row.lng },
    website: row.website,
    phone: row.phone,
    notes: row.notes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
