import type { TripRole } from '@tripcrew/contracts/trips';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { AppEvent } from '../../../platform/events.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { findUserCards } from '../../users/index.ts';
import { memberIdsOf, tripChanged } from './trip-context.ts';
import { removeCoverFiles } from './trip-cover.ts';
import {
  findMembersOfTrips,
  findSoleAdminTripIds,
  updateMemberRole,
} from '../members/trip-members.repository.ts';
import { deleteTrip, findTrip } from './trips.repository.ts';
import { tripBookingFileKeys } from '../bookings/files/booking-files.repository.ts';

/**
 * The trips of a user who deletes their account (decision 019): the trips where they are the
 * only admin need a new admin or go. Every function runs inside the caller's transaction and
 * answers the events to emit once it has committed.
 */

export interface SoleAdminTrip {
  tripId: string;
  tripName: string;
  /** The other members, who could take over (empty: the trip goes with the account). */
  members: Array<{ userId: string; name: string; lastName: string; role: TripRole }>;
}

/** The trips where `userId` is the only admin, with their other members (locked with `lock`). */
export async function findSoleAdminTrips(db: Db, userId: string, lock = false): Promise<SoleAdminTrip[]> {
  const ids = await findSoleAdminTripIds(db, userId, lock);
  if (ids.length === 0) return [];
  const members = (await findMembersOfTrips(db, ids)).filter((m) => m.userId !== userId);
  const cards = await findUserCards(
    db,
    members.map((m) => m.userId),
  );
  const trips = await Promise.all(ids.map((id) => findTrip(db, id)));
  return ids.map((tripId, index) => ({
    tripId,
    tripName: trips[index]?.tripName ?? '',
    members: members.flatMap((m) => {
      const card = m.tripId === tripId ? cards.get(m.userId) : undefined;
      return card ? [{ userId: m.userId, name: card.name, lastName: card.lastName, role: m.role }] : [];
    }),
  }));
}

/**
 * The leaving admin hands the trip to `toUserId` (a member checked by the caller): they become
 * its admin. The leaving user's own membership goes with their account.
 */
export async function handOverTripOfLeavingAdmin(
  tx: Db,
  tripId: string,
  leavingUserId: string,
  toUserId: string,
): Promise<AppEvent[]> {
  await updateMemberRole(tx, tripId, toUserId, 'admin');
  const memberIds = (await memberIdsOf(tx, tripId)).filter((id) => id !== leavingUserId);
  const trip = await findTrip(tx, tripId);
  return [
    {
      type: 'trip.member-role-changed',
      tripId,
      tripName: trip?.tripName ?? '',
      userId: toUserId,
      role: 'admin',
      byUserId: leavingUserId,
    },
    tripChanged(tripId, leavingUserId, memberIds, 'members'),
  ];
}

/**
 * Deletes a trip of the leaving admin; answers the cover and its bookings' stored files to remove
 * and the event for the others.
 */
export async function deleteTripOfLeavingAdmin(
  tx: Db,
  tripId: string,
  leavingUserId: string,
): Promise<{ coverKey: string | null; fileKeys: string[]; events: AppEvent[] }> {
  const trip = await findTrip(tx, tripId);
  if (!trip) return { coverKey: null, fileKeys: [], events: [] };
  const memberIds = (await memberIdsOf(tx, tripId)).filter((id) => id !== leavingUserId);
  const fileKeys = await tripBookingFileKeys(tx, tripId);
  await deleteTrip(tx, tripId);
  const events: AppEvent[] =
    memberIds.length > 0
      ? [{ type: 'trip.deleted', tripId, tripName: trip.tripName, byUserId: leavingUserId, memberIds }]
      : [];
  return { coverKey: trip.coverKey, fileKeys, events };
}

/** Removes the uploaded cover files of deleted trips (after the commit; failures are logged). */
export async function removeTripCovers(
  deps: { storage: FileStorage; log: Pick<FastifyBaseLogger, 'warn'> },
  coverKeys: ReadonlyArray<string | null>,
): Promise<void> {
  for (const key of coverKeys) await removeCoverFiles(deps, key);
}
