import { isUuid } from '@tripcrew/contracts/common';
import {
  TRIP_MAX_DAYS,
  TRIP_NAME_MAX,
  type createTripBodySchema,
  type Trip,
  type updateTripBodySchema,
} from '@tripcrew/contracts/trips';
import type { z } from 'zod';
import { badRequest } from '../../../platform/errors.ts';
import type { AppEvent } from '../../../platform/events.ts';
import { findUsersNotInCrew } from '../../crew/index.ts';
import { findPlaceRow, type PlaceRow } from '../../places/index.ts';
import { readAccess, writeAccess } from './trip-access.ts';
import { createTripCalendarFeedService } from '../calendar/trip-calendar-feed.service.ts';
import { createTripChecklistService } from '../checklist/trip-checklist.service.ts';
import { createTripContext, memberIdsOf, type TripContext, type TripsServiceDeps } from './trip-context.ts';
import { removeCoverFiles, replaceCover } from './trip-cover.ts';
import { addDays, dayCount, eachDay, todayUtc } from './trip-dates.ts';
import { checkFeatures, createTripFeaturesService, readFeatures } from '../planner/trip-features.service.ts';
import { createTripInvitesService } from '../invites/trip-invites.service.ts';
import { createTripMembersService } from '../members/trip-members.service.ts';
import { createTripHistoryService } from '../history/trip-history.service.ts';
import { createTripPackingService } from '../packing/trip-packing.service.ts';
import { tripBookingFileKeys } from '../bookings/files/booking-files.repository.ts';
import { createBookingFilesService, removeBookingFiles } from '../bookings/files/booking-files.service.ts';
import { createTripBookingsService } from '../bookings/trip-bookings.service.ts';
import { createTripPlacesService } from '../places/trip-places.service.ts';
import { createTripPresenceService } from '../presence/trip-presence.service.ts';
import { createTripPlannerService, replanForDates, type Replanned } from '../planner/trip-planner.service.ts';
import { createOsrmClient } from '../routes/route-osrm-client.ts';
import { createTripRoutesService } from '../routes/trip-routes.service.ts';
import { createTripShareService } from '../share/trip-share.service.ts';
import { readTripView, tripView, tripViewsOfUser } from './trip-views.ts';
import { deleteTrip, insertTripWithContent, updateTrip } from './trips.repository.ts';
import { mergeEdit, recordEdit, tripRecord } from '../history/record-versions.ts';
import { assertTripAccess } from './trips.policy.ts';

export type { MoneyEntry, MoneyUndo, TripsServiceDeps } from './trip-context.ts';

/**
 * For the trip chat (chats module): a trip and the caller's role in one statement (null role: not
 * a member), the member ids a message goes live to, the trips of a member, a member's role and a
 * trip's name as SQL.
 */
export { findTripWithRole, tripNameSql } from './trips.repository.ts';
export { memberIdsOf } from './trip-context.ts';
/** For the expenses module: who is in a trip, with their roles. */
export { findMembersOfTrips } from '../members/trip-members.repository.ts';
export {
  memberRoleSql,
  memberSinceSql,
  tripIdsOfMemberSql,
  tripMembershipsSql,
} from '../members/trip-members.repository.ts';

/** For the account deletion (account module): the trips whose only admin leaves. */
export {
  deleteTripOfLeavingAdmin,
  findSoleAdminTrips,
  handOverTripOfLeavingAdmin,
  removeTripCovers,
  type SoleAdminTrip,
} from './trip-sole-admin.service.ts';

export type CreateTripInput = z.output<typeof createTripBodySchema>;
export type UpdateTripInput = z.output<typeof updateTripBodySchema>;

/** The name of a new trip: "Lisbon, Portugal"; a country alone is just its name. */
export function tripNameOf(place: Pick<PlaceRow, 'type' | 'title' | 'country'>): string {
  const name =
    place.type === 'Country' || place.title === place.country
      ? place.title
      : `${place.title}, ${place.country}`;
  return name.slice(0, TRIP_NAME_MAX);
}

/** Both set or both null, end not before start, at most TRIP_MAX_DAYS; on creation not in the past. */
function checkDates(start: string | null, end: string | null, options: { creating: boolean; today: string }) {
  if ((start === null) !== (end === null)) {
    throw badRequest(
      'Set both the start and the end date of the trip, or neither.',
      start === null ? 'startDate' : 'endDate',
    );
  }
  if (start === null || end === null) return;
  if (end < start) throw badRequest('The trip cannot end before it starts', 'endDate');
  if (dayCount(start, end) > TRIP_MAX_DAYS) {
    throw badRequest(`A trip can last at most ${TRIP_MAX_DAYS} days: pick a shorter range.`, 'endDate');
  }
  if (options.creating && start < addDays(options.today, -1)) {
    throw badRequest('Please select a future date', 'startDate');
  }
}

function tripUpdated(trip: Trip, byUserId: string, datesChanged: boolean): AppEvent {
  return {
    type: 'trip.updated',
    tripId: trip._id,
    tripName: trip.tripName,
    byUserId,
    memberIds: trip.users.map((u) => u._id),
    datesChanged,
    startDate: trip.startDate,
    endDate: trip.endDate,
  };
}

/**
 * Where a ready-made plan puts each feature (day 1 is the start date) and when its days start;
 * 400 when it has no dates to go on, more days than the trip, or a feature twice.
 */
function planOf(input: CreateTripInput) {
  const planned = new Map<string, { day: string; position: number }>();
  const starts = new Map<string, string>();
  if (!input.plan) return { featureIds: [], planned, starts };
  if (!input.startDate || !input.endDate)
    throw badRequest('A plan needs the trip’s dates: set a start and an end date.', 'plan');
  const days = eachDay(input.startDate, input.endDate);
  if (input.plan.length > days.length)
    throw badRequest(
      `The plan has ${input.plan.length} days but the trip ${days.length}: choose dates for every day of it.`,
      'plan',
    );
  input.plan.forEach((planDay, index) => {
    const day = days[index] as string;
    if (planDay.start) starts.set(day, planDay.start);
    planDay.featureIds.forEach((id, position) => {
      if (planned.has(id.toLowerCase())) throw badRequest('A feature appears twice in the plan.', 'plan');
      planned.set(id.toLowerCase(), { day, position });
    });
  });
  return { featureIds: [...planned.keys()], planned, starts };
}

/** The trips themselves (SPEC §7 Trips): create, list, read, update, cover image, delete. */
export function createTripCrudService(ctx: TripContext) {
  const { db } = ctx;
  const today = () => todayUtc(ctx.now());

  const listOf = (userId: string, options: { endingFrom?: string }): Promise<Trip[]> =>
    tripViewsOfUser(db, userId, { ...options, now: ctx.now() });

  return {
    async create(userId: string, input: CreateTripInput): Promise<{ _id: string }> {
      checkDates(input.startDate, input.endDate, { creating: true, today: today() });
      const memberIds = [...new Set(input.members)].filter((id) => id.toLowerCase() !== userId.toLowerCase());
      // The three checks read concurrently (the catalogue and the crew); their errors keep their
      // order. The trip, its members, features and planner items then go in in one statement.
      const plan = planOf(input);
      const wanted = [...new Set([...plan.featureIds, ...input.featureIds])];
      const [place, strangers, features] = await Promise.all([
        isUuid(input.placeId) ? findPlaceRow(db, input.placeId) : undefined,
        findUsersNotInCrew(db, userId, memberIds),
        readFeatures(db, wanted),
      ]);
      if (!place) throw badRequest('Unknown place', 'placeId');
      if (strangers.length > 0) {
        throw badRequest(
          `Only people from your crew can join your trip: ${strangers.join(', ')} are not in it.`,
          'members',
        );
      }
      const featureIds = await checkFeatures(db, place, wanted, features);
      const created = await insertTripWithContent(
        db,
        {
          placeId: place.id,
          tripName: tripNameOf(place),
          startDate: input.startDate,
          endDate: input.endDate,
          transportMode: input.transportMode,
          categories: [...new Set(input.categories)],
          createdBy: userId,
        },
        [{ userId, role: 'admin' }, ...memberIds.map((id) => ({ userId: id, role: 'member' as const }))],
        featureIds,
        plan.planned,
        plan.starts,
      );
      await ctx.emit(
        ...memberIds.map((memberId): AppEvent => ({
          type: 'trip.member-added',
          tripId: created.id,
          tripName: created.tripName,
          userId: memberId.toLowerCase(),
          byUserId: userId,
          ...(created.creatorName ? { byUserName: created.creatorName } : {}),
        })),
      );
      return { _id: created.id };
    },

    /** The caller's trips, newest start first; trips without dates last. Each with its next booking. */
    async list(userId: string): Promise<Trip[]> {
      return listOf(userId, {});
    },

    /** Trips not ended yet (end today or later, UTC), soonest first; trips without dates last. Each with its next booking. */
    async upcoming(userId: string): Promise<Trip[]> {
      return listOf(userId, { endingFrom: today() });
    },

    async get(userId: string, tripId: string): Promise<Trip> {
      return readTripView(db, userId, tripId);
    },

    async update(
      userId: string,
      tripId: string,
      input: UpdateTripInput,
    ): Promise<{ trip: Trip; movedToTray: number }> {
      let replacedCover: string | null = null;
      let datesChanged = false;
      const result = await db.transaction(async (tx) => {
        const { trip, role } = await writeAccess(tx, userId, tripId, 'trip.edit');
        if (input.image !== undefined) assertTripAccess(role, 'trip.image');
        const record = tripRecord(trip);
        const { version, plannedDays, ...changes } = input;
        const applied = await mergeEdit(tx, record, changes, version, userId);
        const start = applied.startDate !== undefined ? applied.startDate : trip.startDate;
        const end = applied.endDate !== undefined ? applied.endDate : trip.endDate;
        checkDates(start, end, { creating: false, today: today() });
        const patch: Parameters<typeof updateTrip>[2] = {};
        if (applied.tripName != null) patch.tripName = applied.tripName;
        if (applied.transportMode != null) patch.transportMode = applied.transportMode;
        if (applied.image !== undefined) {
          patch.imageOriginal = applied.image;
          patch.imageLandscape = applied.image;
          patch.coverKey = null;
          replacedCover = trip.coverKey;
        }
        let replanned: Replanned | undefined;
        if (start !== trip.startDate || end !== trip.endDate) {
          datesChanged = true;
          patch.startDate = start;
          patch.endDate = end;
          replanned = await replanForDates(
            tx,
            trip.id,
            trip.startDate,
            { start, end },
            plannedDays ?? 'tray',
          );
        }
        if (Object.keys(applied).length > 0) {
          await updateTrip(tx, trip.id, patch);
          // What the dates did to the plan: its undo shifts it back and puts those stops back.
          const extra = replanned && {
            before: { trayed: replanned.trayed },
            after: { shiftedBy: replanned.shiftedBy },
          };
          await recordEdit(tx, userId, record, applied, undefined, extra);
        }
        return { trip: await tripView(tx, trip.id, userId), movedToTray: replanned?.trayed.length ?? 0 };
      });
      await removeCoverFiles(ctx, replacedCover);
      await ctx.emit(tripUpdated(result.trip, userId, datesChanged));
      return result;
    },

    /**
     * A new cover from an upload (TRIP-07): judged and re-encoded with the avatar rules, stored
     * as an original (longest side at most 1920 px) and a 940×650 landscape crop. The old
     * uploaded cover's files are deleted once the trip points at the new ones.
     */
    async uploadCover(userId: string, tripId: string, read: () => Promise<Buffer>): Promise<Trip> {
      await readAccess(db, userId, tripId, 'trip.image');
      const trip = await replaceCover(ctx, await read(), async (tx, files) => {
        const { trip: locked } = await writeAccess(tx, userId, tripId, 'trip.image');
        await updateTrip(tx, locked.id, {
          imageOriginal: files.original,
          imageLandscape: files.landscape,
          coverKey: files.key,
        });
        return { locked, value: await tripView(tx, locked.id, userId) };
      });
      // emit() never throws: the new cover is never removed because of a subscriber.
      await ctx.emit(tripUpdated(trip, userId, false));
      return trip;
    },

    /** Deletes the trip; members, features, planner, checklists and the feed go with it (FKs). */
    async remove(userId: string, tripId: string): Promise<void> {
      const { coverKey, fileKeys, deleted } = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'trip.delete');
        // Who to tell, captured before the members go with the trip; its bookings' stored files.
        const memberIds = await memberIdsOf(tx, trip.id);
        const fileKeys = await tripBookingFileKeys(tx, trip.id);
        await deleteTrip(tx, trip.id);
        const event: AppEvent = {
          type: 'trip.deleted',
          tripId: trip.id,
          tripName: trip.tripName,
          byUserId: userId,
          memberIds,
        };
        return { coverKey: trip.coverKey, fileKeys, deleted: event };
      });
      await removeCoverFiles(ctx, coverKey);
      await removeBookingFiles(ctx.storage, fileKeys);
      await ctx.emit(deleted);
    },
  };
}

/**
 * The trips module's services, one per sub-resource, sharing one context (database, clock,
 * events): trips (CRUD and cover), members, features, planner, checklist, calendar feed, packing
 * list, places of its own, history and presence.
 */
export function createTripsService(deps: TripsServiceDeps) {
  const ctx = createTripContext(deps);
  const planner = createTripPlannerService(ctx);
  return {
    trips: createTripCrudService(ctx),
    members: createTripMembersService(ctx),
    features: createTripFeaturesService(ctx),
    planner,
    routes: createTripRoutesService(ctx, {
      planner,
      routing: deps.routingUrl ? createOsrmClient({ baseUrl: deps.routingUrl }) : undefined,
    }),
    checklist: createTripChecklistService(ctx),
    calendarFeed: createTripCalendarFeedService(ctx),
    invites: createTripInvitesService(ctx),
    share: createTripShareService(ctx),
    packing: createTripPackingService(ctx),
    places: createTripPlacesService(ctx),
    bookings: createTripBookingsService(ctx),
    bookingFiles: createBookingFilesService(ctx),
    history: createTripHistoryService(ctx, deps.undoMoney),
    presence: createTripPresenceService(ctx),
  };
}

export type TripsService = ReturnType<typeof createTripsService>;
export type TripCrudService = TripsService['trips'];

/** An account goes: its id leaves the values of the trips' history (the account module). */
export { forgetUserInActivity } from '../history/trip-history.repository.ts';
export { findTripBooking, forgetTraveller } from '../bookings/trip-bookings.repository.ts';
export { detachBookingFilesOf } from '../bookings/files/booking-files.repository.ts';

/** A change of the trip's money, written into its history (the expenses module). */
export { recordActivity, type Recorded } from '../history/record-versions.ts';

/** The trips the user is in, for "Download my data" (the account module). */
export { exportTripsData, type ExportCover } from '../export/trip-export.service.ts';

/** A ready-made plan's day as the planner would time it (for the suggestions' previews). */
export { sketchDayTimes, type SketchStop } from '../routes/route-day-times.ts';
