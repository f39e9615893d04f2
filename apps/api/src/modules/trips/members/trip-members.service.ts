import { isUuid } from '@tripcrew/contracts/common';
import { TRIP_MAX_MEMBERS, type Trip, type TripRole } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import type { AppEvent } from '../../../platform/events.ts';
import { findUsersNotInCrew } from '../../crew/index.ts';
import { writeAccess } from '../core/trip-access.ts';
import { memberIdsOf, membersChanged, tripChanged, type TripContext } from '../core/trip-context.ts';
import {
  countMembers,
  deleteMember,
  findMemberRole,
  insertMembers,
  updateMemberRole,
} from './trip-members.repository.ts';
import { unassignPackingItems } from '../packing/trip-packing.repository.ts';
import { tripView } from '../core/trip-views.ts';

const NOT_A_MEMBER = 'This person is not a member of the trip.';
const LAST_ADMIN = 'A trip needs at least one admin: make someone else an admin first.';
const HAND_OVER_TO_SELF = 'Pick another member of the trip: you cannot hand the admin role over to yourself.';

/** The event that tells `target` of their new role. */
function roleChanged(
  trip: { id: string; tripName: string },
  target: string,
  role: TripRole,
  byUserId: string,
): AppEvent {
  return {
    type: 'trip.member-role-changed',
    tripId: trip.id,
    tripName: trip.tripName,
    userId: target.toLowerCase(),
    role,
    byUserId,
  };
}

/** The role of `target` in the trip; 404 when they are not a member. */
async function roleOf(tx: Db, tripId: string, target: string): Promise<TripRole> {
  const current = isUuid(target) ? await findMemberRole(tx, tripId, target) : null;
  if (current === null) throw notFound(NOT_A_MEMBER);
  return current;
}

async function isLastAdmin(tx: Db, tripId: string, role: TripRole): Promise<boolean> {
  return role === 'admin' && (await countMembers(tx, tripId)).admins <= 1;
}

/** The people of a trip and their roles (TRIP-10): admins manage them, anyone may leave. */
export function createTripMembersService(ctx: TripContext) {
  const { db } = ctx;
  return {
    async addMember(userId: string, tripId: string, target: string, role: TripRole): Promise<Trip> {
      const result = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'members.manage');
        if (isUuid(target) && (await findMemberRole(tx, trip.id, target)) !== null) {
          throw conflict('This person is already a member of the trip.');
        }
        if ((await findUsersNotInCrew(tx, userId, [target])).length > 0) {
          throw badRequest('Only people from your crew can be added to the trip.', 'userId');
        }
        if ((await countMembers(tx, trip.id)).all >= TRIP_MAX_MEMBERS) {
          throw badRequest(`A trip can have at most ${TRIP_MAX_MEMBERS} members.`, 'userId');
        }
        await insertMembers(tx, [{ tripId: trip.id, userId: target, role }]);
        return { trip, view: await tripView(tx, trip.id, userId) };
      });
      const { trip, view } = result;
      await ctx.emit(
        {
          type: 'trip.member-added',
          tripId: trip.id,
          tripName: trip.tripName,
          userId: target.toLowerCase(),
          byUserId: userId,
        },
        tripChanged(
          trip.id,
          userId,
          view.users.map((u) => u._id),
          'members',
        ),
      );
      return view;
    },

    async setMemberRole(userId: string, tripId: string, target: string, role: TripRole): Promise<Trip> {
      const { trip, view, before, memberIds } = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'members.manage');
        const current = await roleOf(tx, trip.id, target);
        if (role !== 'admin' && (await isLastAdmin(tx, trip.id, current))) throw conflict(LAST_ADMIN);
        await updateMemberRole(tx, trip.id, target, role);
        const view = await tripView(tx, trip.id, userId);
        return { trip, view, before: current, memberIds: await memberIdsOf(tx, trip.id) };
      });
      const told =
        before !== role && target.toLowerCase() !== userId.toLowerCase()
          ? [roleChanged(trip, target, role, userId)]
          : [];
      await ctx.emit(...told, tripChanged(trip.id, userId, memberIds, 'members'));
      return view;
    },

    /**
     * An admin hands the admin role to another member (any role, viewer included) and becomes a
     * member, in one transaction: the trip has an admin at every moment, and a failure changes
     * nothing. The same trip.changed as a role change tells every member; the new admin is told.
     */
    async handOverAdmin(userId: string, tripId: string, target: string): Promise<Trip> {
      const { trip, view, before, memberIds } = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'members.hand-over');
        if (target.toLowerCase() === userId.toLowerCase()) throw badRequest(HAND_OVER_TO_SELF, 'userId');
        const current = await roleOf(tx, trip.id, target);
        await updateMemberRole(tx, trip.id, target, 'admin');
        await updateMemberRole(tx, trip.id, userId, 'member');
        const view = await tripView(tx, trip.id, userId);
        return { trip, view, before: current, memberIds: await memberIdsOf(tx, trip.id) };
      });
      const told = before !== 'admin' ? [roleChanged(trip, target, 'admin', userId)] : [];
      await ctx.emit(...told, tripChanged(trip.id, userId, memberIds, 'members'));
      return view;
    },

    /** An admin removes a member; any member removes themselves (leaves). The last admin stays. */
    async removeMember(userId: string, tripId: string, target: string): Promise<void> {
      const leaving = target.toLowerCase() === userId.toLowerCase();
      const changed = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, leaving ? 'members.leave' : 'members.manage');
        const current = await roleOf(tx, trip.id, target);
        if (await isLastAdmin(tx, trip.id, current)) {
          throw conflict(
            leaving
              ? 'You are the last admin of this trip: make someone else an admin before you leave, or delete the trip.'
              : LAST_ADMIN,
          );
        }
        // Captured before the delete: the one who left or was removed hears of it too.
        const memberIds = await memberIdsOf(tx, trip.id);
        await deleteMember(tx, trip.id, target);
        await unassignPackingItems(tx, trip.id, target);
        const removed: AppEvent[] = leaving
          ? []
          : [
              {
                type: 'trip.member-removed',
                tripId: trip.id,
                tripName: trip.tripName,
                userId: target.toLowerCase(),
                byUserId: userId,
              },
            ];
        return [
          ...removed,
          await membersChanged(tx, trip, leaving ? 'left' : 'removed', target, userId),
          tripChanged(trip.id, userId, memberIds, 'members'),
        ];
      });
      await ctx.emit(...changed);
    },
  };
}

export type TripMembersService = ReturnType<typeof createTripMembersService>;
