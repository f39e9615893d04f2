import type { Trip, TripMember } from '@tripcrew/contracts/trips';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/storage.ts';
import { findFeatureRows, type FeatureListRow } from '../features/features.service.ts';
import { findPlaceRows, toPlace } from '../places/places.service.ts';
import { findUserCards } from '../users/users.service.ts';
import { countFeaturesOfTrips, findFeatureRefsOfTrip } from './trip-features.repository.ts';
import { findMembersOfTrips, type MemberRow } from './trip-members.repository.ts';
import { findPlannerItems } from './trip-planner.repository.ts';
import { findTrip } from './trips.repository.ts';
import { TRIP_NOT_FOUND } from './trips.policy.ts';
import type { PlannerItemRow, TripRow } from './trips.table.ts';

/**
 * The shared read side of the trips services: trip rows joined in memory with the people, places
 * and features other modules own (each fetched in one batched query through their public entry).
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
  const refs = await findFeatureRefsOfTrip(conn, tripId);
  const features = await featuresById(
    conn,
    refs.map((r) => r.featureId),
  );
  const listed = refs.flatMap((ref) => {
    const feature = features.get(ref.featureId);
    return feature ? [{ ref, feature }] : [];
  });
  listed.sort(
    (a, b) =>
      a.ref.addedOrder - b.ref.addedOrder ||
      compareNullsLast(a.feature.rank, b.feature.rank) ||
      compareText(a.feature.title, b.feature.title) ||
      compareText(a.feature.id, b.feature.id),
  );
  return listed.map((entry) => entry.feature);
}

export interface PlannerItemWithFeature {
  item: PlannerItemRow;
  feature: FeatureListRow | null;
}

/** Every planner item of the trip in order (tray first, then day by day), with its feature. */
export async function plannerItemsOf(conn: Db, tripId: string): Promise<PlannerItemWithFeature[]> {
  const items = await findPlannerItems(conn, tripId);
  const features = await featuresById(conn, [
    ...new Set(items.flatMap((item) => (item.featureId ? [item.featureId] : []))),
  ]);
  return items.map((item) => ({ item, feature: (item.featureId && features.get(item.featureId)) || null }));
}

/** The members of these trips with name and picture: joined first, admin first, then by name and id. */
async function membersOf(conn: Db, tripIds: string[]): Promise<Map<string, Array<MemberRow & TripMember>>> {
  const members = await findMembersOfTrips(conn, tripIds);
  const cards = await findUserCards(
    conn,
    members.map((m) => m.userId),
  );
  const joined = members.flatMap((m) => {
    const card = cards.get(m.userId);
    if (!card) return [];
    const thumbnail = card.imageThumbnail ? publicFileUrl(card.imageThumbnail) : null;
    return [{ ...m, _id: m.userId, name: card.name, lastName: card.lastName, image: { thumbnail } }];
  });
  joined.sort(
    (a, b) =>
      a.joinOrder - b.joinOrder ||
      Number(a.role !== 'admin') - Number(b.role !== 'admin') ||
      compareText(a.name, b.name) ||
      compareText(a.userId, b.userId),
  );
  const byTrip = new Map<string, Array<MemberRow & TripMember>>();
  for (const member of joined) {
    const list = byTrip.get(member.tripId);
    if (list) list.push(member);
    else byTrip.set(member.tripId, [member]);
  }
  return byTrip;
}

/** The API shape of these trips as `viewerId` sees them (404 if the viewer is not a member of one). */
export async function tripViews(conn: Db, rows: TripRow[], viewerId: string): Promise<Trip[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [placeRows, members, counts] = await Promise.all([
    findPlaceRows(conn, [...new Set(rows.map((r) => r.placeId))]),
    membersOf(conn, ids),
    countFeaturesOfTrips(conn, ids),
  ]);
  const placeImages = new Map(placeRows.map((p) => [p.id, toPlace(p).image.original]));
  return rows.map((row) => {
    const users = members.get(row.id) ?? [];
    const myRole = users.find((m) => m.userId === viewerId)?.role;
    if (!myRole) throw notFound(TRIP_NOT_FOUND);
    const placeImage = placeImages.get(row.placeId) ?? '';
    return {
      _id: row.id,
      tripName: row.tripName,
      startDate: row.startDate,
      endDate: row.endDate,
      transportMode: row.transportMode,
      image: {
        original: row.imageOriginal ?? placeImage,
        landscape: row.imageLandscape ?? row.imageOriginal ?? placeImage,
      },
      users: users.map(({ _id, role, name, lastName, image }) => ({ _id, role, name, lastName, image })),
      placeId: row.placeId,
      categories: row.categories,
      featureCount: counts.get(row.id) ?? 0,
      myRole,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function tripView(conn: Db, tripId: string, viewerId: string): Promise<Trip> {
  const row = await findTrip(conn, tripId);
  if (!row) throw notFound(TRIP_NOT_FOUND);
  const [view] = await tripViews(conn, [row], viewerId);
  return view as Trip;
}
