import type { Feature } from '@tripcrew/contracts/features';
import {
  TRIP_MAX_DAYS,
  TRIP_MAX_FEATURES,
  TRIP_MAX_MEMBERS,
  TRIP_NAME_MAX,
  type createPlannerNoteBodySchema,
  type createTripBodySchema,
  type movePlannerItemBodySchema,
  type Planner,
  type PlannerItem,
  type Trip,
  type TripRole,
  type updatePlannerItemBodySchema,
  type updateTripBodySchema,
} from '@tripcrew/contracts/trips';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AppEvent, EventBus, EventOf } from '../../platform/events.ts';
import { ImageRejectedError, inspectImage, resizeImage } from '../../platform/images.ts';
import { API_PREFIX } from '../../platform/openapi.ts';
import { publicFileUrl, type FileStorage } from '../../platform/storage.ts';
import { randomId, randomToken } from '../../platform/tokens.ts';
import { findUsersNotInCrew } from '../crew/crew.repository.ts';
import { toFeature } from '../features/features.service.ts';
import { toPlace } from '../places/places.service.ts';
import { buildCalendar, type CalendarItem } from './trip-calendar.ts';
import { addDays, dayCount, eachDay, todayUtc } from './trip-dates.ts';
import { assertTripAccess, TRIP_NOT_FOUND, type TripAction } from './trips.policy.ts';
import {
  countFeaturesOfTrips,
  countMembers,
  deleteFeed,
  deleteMember,
  deletePlannerItem,
  deleteTrip,
  deleteTripFeature,
  findChecklist,
  findFeaturesByIds,
  findFeaturesOfTrip,
  findFeedToken,
  findItemIdsOutside,
  findListIds,
  findMemberRole,
  findMembersOfTrips,
  findPlace,
  findPlacesByIds,
  findPlannerItem,
  findPlannerItemOfFeature,
  findPlannerItems,
  findTrip,
  findTripIdByFeedToken,
  findTripIdsOfUser,
  findTripsByIds,
  insertMembers,
  insertPlannerItems,
  insertTrip,
  insertTripFeatures,
  lockTrip,
  replaceChecklist,
  saveFeedToken,
  updateMemberRole,
  updatePlannerItem,
  updateTrip,
  writeList,
  type FeatureRow,
  type PlaceRow,
  type PlannerItemWithFeature,
} from './trips.repository.ts';
import type { TripRow } from './trips.table.ts';

export type CreateTripInput = z.output<typeof createTripBodySchema>;
export type UpdateTripInput = z.output<typeof updateTripBodySchema>;
export type CreateNoteInput = z.output<typeof createPlannerNoteBodySchema>;
export type UpdatePlannerItemInput = z.output<typeof updatePlannerItemBodySchema>;
export type MovePlannerItemInput = z.output<typeof movePlannerItemBodySchema>;

/** What a trip.changed event says changed. */
type TripChange = EventOf<'trip.changed'>['change'];

export interface TripsServiceDeps {
  db: Db;
  storage: FileStorage;
  /** The public URL of the app (APP_URL), for the absolute calendar feed URL. */
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * Domain events, emitted after the transaction that made the change has committed
   * (trip.member-added, trip.updated, trip.deleted, trip.changed): notifications and live pushes.
   */
  events?: Pick<EventBus, 'emit'> | undefined;
  /** The clock (tests may pin it). */
  now?: () => Date;
}

/** The cover: the original with its longest side at most this, and a ~940×650 landscape crop. */
export const COVER_ORIGINAL_MAX_SIDE = 1920;
export const COVER_LANDSCAPE = { width: 940, height: 650 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

const PLANNER_ITEM_NOT_FOUND = 'This planner item does not exist in this trip.';

/** The name of a new trip: "Lisbon, Portugal"; a country alone is just its name. */
export function tripNameOf(place: Pick<PlaceRow, 'type' | 'title' | 'country'>): string {
  const name =
    place.type === 'Country' || place.title === place.country
      ? place.title
      : `${place.title}, ${place.country}`;
  return name.slice(0, TRIP_NAME_MAX);
}

/** Whether a feature belongs to the trip's place (a country or region holds its places' features). */
function inPlace(
  place: PlaceRow,
  feature: { placeId: string; countryCode: string; regionCode: string | null },
): boolean {
  if (feature.placeId === place.id) return true;
  if (place.type === 'Country') return feature.countryCode === place.countryCode;
  if (place.type === 'Region' && place.regionCode)
    return feature.countryCode === place.countryCode && feature.regionCode === place.regionCode;
  return false;
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

/** Keeps the last occurrence of each entry, so the latest is last (CHECKLIST-02). */
export function dedupeKeepLast(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i] as string;
    if (seen.has(entry)) continue;
    seen.add(entry);
    out.push(entry);
  }
  return out.reverse();
}

function fileNameOf(tripName: string): string {
  const base = tripName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'trip'}.ics`;
}

export function createTripsService(deps: TripsServiceDeps) {
  const { db, storage, appUrl, log } = deps;
  const now = deps.now ?? (() => new Date());

  // ------------------------------------------------------------ access

  /** Reads: the trip and the caller's role (no lock). Non-members and unknown trips: 404. */
  async function readAccess(
    userId: string,
    tripId: string,
    action: TripAction,
  ): Promise<{ trip: TripRow; role: TripRole }> {
    if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
    const trip = await findTrip(db, tripId);
    const role = trip ? await findMemberRole(db, tripId, userId) : null;
    assertTripAccess(role, action);
    return { trip: trip as TripRow, role };
  }

  /** Writes: inside the transaction, locks the trip row first, then checks the policy. */
  async function writeAccess(
    tx: Db,
    userId: string,
    tripId: string,
    action: TripAction,
  ): Promise<{ trip: TripRow; role: TripRole }> {
    if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
    const trip = await lockTrip(tx, tripId);
    const role = trip ? await findMemberRole(tx, tripId, userId) : null;
    assertTripAccess(role, action);
    return { trip: trip as TripRow, role };
  }

  /** Announces a committed change; a failing subscriber never fails the request. */
  async function emit(...events: AppEvent[]): Promise<void> {
    if (!deps.events) return;
    for (const event of events) {
      try {
        await deps.events.emit(event);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'trip event failed');
      }
    }
  }

  async function memberIdsOf(conn: Db, tripId: string): Promise<string[]> {
    return (await findMembersOfTrips(conn, [tripId])).map((m) => m.userId);
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
   * One write transaction on a trip whose members, features or planner change; once committed,
   * trip.changed tells every member (live pushes).
   */
  async function changeTrip<T>(
    userId: string,
    change: TripChange,
    work: (tx: Db) => Promise<{ tripId: string; value: T }>,
  ): Promise<T> {
    const { value, event } = await db.transaction(async (tx) => {
      const done = await work(tx);
      const memberIds = await memberIdsOf(tx, done.tripId);
      const changed: AppEvent = {
        type: 'trip.changed',
        tripId: done.tripId,
        byUserId: userId,
        memberIds,
        change,
      };
      return { value: done.value, event: changed };
    });
    await emit(event);
    return value;
  }

  async function removeCoverFiles(coverKey: string | null): Promise<void> {
    if (!coverKey) return;
    for (const key of [`${coverKey}.webp`, `${coverKey}-landscape.webp`]) {
      await storage
        .delete(key)
        .catch((err: Error) => log.warn({ key, err: err.message }, 'could not delete a cover file'));
    }
  }

  // ------------------------------------------------------------ views

  async function tripViews(conn: Db, rows: TripRow[], viewerId: string): Promise<Trip[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [placeRows, members, counts] = await Promise.all([
      findPlacesByIds(conn, [...new Set(rows.map((r) => r.placeId))]),
      findMembersOfTrips(conn, ids),
      countFeaturesOfTrips(conn, ids),
    ]);
    const placeImages = new Map(placeRows.map((p) => [p.id, toPlace(p).image.original]));
    return rows.map((row) => {
      const users = members.filter((m) => m.tripId === row.id);
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
        users: users.map((m) => ({
          _id: m.userId,
          role: m.role,
          name: m.name,
          lastName: m.lastName,
          image: { thumbnail: m.imageThumbnail ? publicFileUrl(m.imageThumbnail) : null },
        })),
        placeId: row.placeId,
        categories: row.categories,
        featureCount: counts.get(row.id) ?? 0,
        myRole,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function tripView(conn: Db, tripId: string, viewerId: string): Promise<Trip> {
    const row = await findTrip(conn, tripId);
    if (!row) throw notFound(TRIP_NOT_FOUND);
    const [view] = await tripViews(conn, [row], viewerId);
    return view as Trip;
  }

  function itemView({ item, feature }: PlannerItemWithFeature): PlannerItem {
    return {
      _id: item.id,
      kind: item.kind,
      feature: feature ? toFeature(feature) : null,
      text: item.text,
      time: item.time,
      date: item.day,
      position: item.position,
    };
  }

  async function plannerOf(conn: Db, trip: TripRow): Promise<Planner> {
    const items = await findPlannerItems(conn, trip.id);
    const days = trip.startDate && trip.endDate ? eachDay(trip.startDate, trip.endDate) : [];
    const byDay = new Map<string, PlannerItem[]>(days.map((d) => [d, []]));
    const tray: PlannerItem[] = [];
    const stray: PlannerItem[] = [];
    for (const row of items) {
      const view = itemView(row);
      if (row.item.day === null) tray.push(view);
      else (byDay.get(row.item.day) ?? stray).push(view);
    }
    // Never hide an item: one on a day outside the trip (which date changes prevent) shows in the tray.
    return { days: days.map((date) => ({ date, items: byDay.get(date) ?? [] })), tray: [...tray, ...stray] };
  }

  async function calendarOf(conn: Db, trip: TripRow): Promise<string> {
    const items = await findPlannerItems(conn, trip.id);
    const timed: CalendarItem[] = [];
    for (const { item, feature } of items) {
      if (item.day === null || item.time === null) continue;
      timed.push({
        id: item.id,
        date: item.day,
        time: item.time,
        summary: feature ? feature.title : (item.text ?? ''),
        location: feature?.address || undefined,
      });
    }
    timed.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
    return buildCalendar(
      { id: trip.id, name: trip.tripName, startDate: trip.startDate, endDate: trip.endDate },
      timed,
      now(),
    );
  }

  // ------------------------------------------------------------ shared rules

  /** The ids in order without duplicates, all features of the place; 400 naming the others. */
  async function checkFeatures(conn: Db, place: PlaceRow, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const rows = await findFeaturesByIds(conn, unique.filter(isUuid));
    const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
    const unknown = unique.filter((id) => !byId.has(id.toLowerCase()));
    if (unknown.length > 0) {
      throw badRequest(`Unknown feature ids: ${unknown.join(', ')}.`, 'featureIds');
    }
    const found = unique.map((id) => byId.get(id.toLowerCase()) as FeatureRow);
    const elsewhere = unique.filter((_, i) => !inPlace(place, found[i] as FeatureRow));
    if (elsewhere.length > 0) {
      throw badRequest(
        `These features are not in ${place.title}, the place of the trip: ${elsewhere.join(', ')}.`,
        'featureIds',
      );
    }
    // Ids that differ only in case name the same feature: once.
    return [...new Set(found.map((row) => row.id))];
  }

  /** Features added to a trip each get a planner item at the end of the tray. */
  async function addToTray(tx: Db, tripId: string, featureIds: string[]): Promise<void> {
    if (featureIds.length === 0) return;
    const tray = await findListIds(tx, tripId, null);
    await insertPlannerItems(
      tx,
      featureIds.map((featureId, i) => ({
        tripId,
        kind: 'feature' as const,
        featureId,
        day: null,
        position: tray.length + i,
      })),
    );
  }

  function checkDayInTrip(trip: TripRow, day: string | null): void {
    if (day === null) return;
    if (!trip.startDate || !trip.endDate) {
      throw badRequest('This trip has no dates yet: set its dates before planning days.', 'date');
    }
    if (day < trip.startDate || day > trip.endDate) {
      throw badRequest(`${day} is not a day of this trip (${trip.startDate} to ${trip.endDate}).`, 'date');
    }
  }

  async function lockedItem(tx: Db, tripId: string, itemId: string) {
    const item = isUuid(itemId) ? await findPlannerItem(tx, tripId, itemId) : undefined;
    if (!item) throw notFound(PLANNER_ITEM_NOT_FOUND);
    return item;
  }

  async function renumber(tx: Db, tripId: string, day: string | null): Promise<void> {
    await writeList(tx, tripId, day, await findListIds(tx, tripId, day));
  }

  async function listOf(userId: string, options: { endingFrom?: string }): Promise<Trip[]> {
    const ids = await findTripIdsOfUser(db, userId, options);
    const rows = await findTripsByIds(db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return tripViews(
      db,
      ids.flatMap((id) => byId.get(id) ?? []),
      userId,
    );
  }

  function feedUrl(token: string): string {
    return `${appUrl}${API_PREFIX}/core/trips/calendar-feed/${token}.ics`;
  }

  return {
    // ---------------------------------------------------------- trips

    async create(userId: string, input: CreateTripInput): Promise<{ _id: string }> {
      checkDates(input.startDate, input.endDate, { creating: true, today: todayUtc(now()) });
      const memberIds = [...new Set(input.members)].filter((id) => id.toLowerCase() !== userId.toLowerCase());
      const created = await db.transaction(async (tx) => {
        const place = isUuid(input.placeId) ? await findPlace(tx, input.placeId) : undefined;
        if (!place) throw badRequest('Unknown place', 'placeId');
        const strangers = await findUsersNotInCrew(tx, userId, memberIds);
        if (strangers.length > 0) {
          throw badRequest(
            `Only people from your crew can join your trip: ${strangers.join(', ')} are not in it.`,
            'members',
          );
        }
        const featureIds = await checkFeatures(tx, place, input.featureIds);
        const trip = await insertTrip(tx, {
          placeId: place.id,
          tripName: tripNameOf(place),
          startDate: input.startDate,
          endDate: input.endDate,
          transportMode: input.transportMode,
          categories: [...new Set(input.categories)],
          createdBy: userId,
        });
        await insertMembers(tx, [
          { tripId: trip.id, userId, role: 'admin' },
          ...memberIds.map((id) => ({ tripId: trip.id, userId: id, role: 'member' as const })),
        ]);
        await addToTray(tx, trip.id, await insertTripFeatures(tx, trip.id, featureIds));
        return trip;
      });
      await emit(
        ...memberIds.map((memberId): AppEvent => ({
          type: 'trip.member-added',
          tripId: created.id,
          tripName: created.tripName,
          userId: memberId.toLowerCase(),
          byUserId: userId,
        })),
      );
      return { _id: created.id };
    },

    /** The caller's trips, newest start first; trips without dates last. */
    async list(userId: string): Promise<Trip[]> {
      return listOf(userId, {});
    },

    /** Trips not ended yet (end today or later, UTC), soonest first; trips without dates last. */
    async upcoming(userId: string): Promise<Trip[]> {
      return listOf(userId, { endingFrom: todayUtc(now()) });
    },

    async get(userId: string, tripId: string): Promise<Trip> {
      const { trip } = await readAccess(userId, tripId, 'trip.read');
      const [view] = await tripViews(db, [trip], userId);
      return view as Trip;
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
        const start = input.startDate !== undefined ? input.startDate : trip.startDate;
        const end = input.endDate !== undefined ? input.endDate : trip.endDate;
        checkDates(start, end, { creating: false, today: todayUtc(now()) });
        const patch: Parameters<typeof updateTrip>[2] = {};
        if (input.tripName !== undefined) patch.tripName = input.tripName;
        if (input.transportMode !== undefined) patch.transportMode = input.transportMode;
        if (input.image !== undefined) {
          patch.imageOriginal = input.image;
          patch.imageLandscape = input.image;
          patch.coverKey = null;
          replacedCover = trip.coverKey;
        }
        let movedToTray = 0;
        if (start !== trip.startDate || end !== trip.endDate) {
          datesChanged = true;
          patch.startDate = start;
          patch.endDate = end;
          // PLANNER-03: items on days that no longer exist go to the end of the tray, never away.
          const outside = await findItemIdsOutside(tx, trip.id, start && end ? { start, end } : null);
          if (outside.length > 0) {
            await writeList(tx, trip.id, null, [...(await findListIds(tx, trip.id, null)), ...outside]);
          }
          movedToTray = outside.length;
        }
        await updateTrip(tx, trip.id, patch);
        return { trip: await tripView(tx, trip.id, userId), movedToTray };
      });
      await removeCoverFiles(replacedCover);
      await emit(tripUpdated(result.trip, userId, datesChanged));
      return result;
    },

    /**
     * A new cover from an upload (TRIP-07): judged and re-encoded with the avatar rules, stored
     * as an original (longest side at most 1920 px) and a 940×650 landscape crop. The old
     * uploaded cover's files are deleted once the trip points at the new ones.
     */
    async uploadCover(userId: string, tripId: string, read: () => Promise<Buffer>): Promise<Trip> {
      await readAccess(userId, tripId, 'trip.image');
      const data = await read();
      let original: Buffer;
      let landscape: Buffer;
      try {
        const { width, height } = await inspectImage(data);
        original = await resizeImage(
          data,
          width >= height ? { width: COVER_ORIGINAL_MAX_SIDE } : { height: COVER_ORIGINAL_MAX_SIDE },
        );
        landscape = await resizeImage(data, COVER_LANDSCAPE);
      } catch (error) {
        if (error instanceof ImageRejectedError)
          throw new AppError(error.code, error.message, 400, { field: 'file' });
        throw error;
      }
      const key = randomId();
      const files = { original: `${key}.webp`, landscape: `${key}-landscape.webp` };
      let previous: string | null = null;
      try {
        await storage.put(files.original, original);
        await storage.put(files.landscape, landscape);
        const trip = await db.transaction(async (tx) => {
          const { trip: locked } = await writeAccess(tx, userId, tripId, 'trip.image');
          previous = locked.coverKey;
          await updateTrip(tx, locked.id, {
            imageOriginal: publicFileUrl(files.original),
            imageLandscape: publicFileUrl(files.landscape),
            coverKey: key,
          });
          return tripView(tx, locked.id, userId);
        });
        await removeCoverFiles(previous);
        // emit() never throws: the new cover is never removed because of a subscriber.
        await emit(tripUpdated(trip, userId, false));
        return trip;
      } catch (error) {
        await removeCoverFiles(key);
        throw error;
      }
    },

    /** Deletes the trip; members, features, planner, checklists and the feed go with it (FKs). */
    async remove(userId: string, tripId: string): Promise<void> {
      const { coverKey, deleted } = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'trip.delete');
        // Who to tell, captured before the members go with the trip.
        const memberIds = await memberIdsOf(tx, trip.id);
        await deleteTrip(tx, trip.id);
        const event: AppEvent = {
          type: 'trip.deleted',
          tripId: trip.id,
          tripName: trip.tripName,
          byUserId: userId,
          memberIds,
        };
        return { coverKey: trip.coverKey, deleted: event };
      });
      await removeCoverFiles(coverKey);
      await emit(deleted);
    },

    // ---------------------------------------------------------- features

    async features(userId: string, tripId: string): Promise<Feature[]> {
      const { trip } = await readAccess(userId, tripId, 'trip.read');
      return (await findFeaturesOfTrip(db, trip.id)).map(toFeature);
    },

    /** Adds features of the trip's place (present ones are ignored); each new one lands in the tray. */
    async addFeatures(userId: string, tripId: string, featureIds: string[]): Promise<Feature[]> {
      return changeTrip(userId, 'features', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'features.edit');
        const place = await findPlace(tx, trip.placeId);
        if (!place) throw badRequest('Unknown place');
        const ids = await checkFeatures(tx, place, featureIds);
        const added = await insertTripFeatures(tx, trip.id, ids);
        const total = (await countFeaturesOfTrips(tx, [trip.id])).get(trip.id) ?? 0;
        if (total > TRIP_MAX_FEATURES) {
          throw badRequest(`A trip can have at most ${TRIP_MAX_FEATURES} features.`, 'featureIds');
        }
        await addToTray(tx, trip.id, added);
        return { tripId: trip.id, value: (await findFeaturesOfTrip(tx, trip.id)).map(toFeature) };
      });
    },

    /** Removes a feature and its planner item. */
    async removeFeature(userId: string, tripId: string, featureId: string): Promise<void> {
      await changeTrip(userId, 'features', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'features.edit');
        const item = isUuid(featureId) ? await findPlannerItemOfFeature(tx, trip.id, featureId) : undefined;
        const removed = isUuid(featureId) && (await deleteTripFeature(tx, trip.id, featureId));
        if (!removed) throw notFound('This feature is not in the trip.');
        if (item) await renumber(tx, trip.id, item.day);
        return { tripId: trip.id, value: undefined };
      });
    },

    // ---------------------------------------------------------- members

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
      await emit(
        {
          type: 'trip.member-added',
          tripId: result.trip.id,
          tripName: result.trip.tripName,
          userId: target.toLowerCase(),
          byUserId: userId,
        },
        {
          type: 'trip.changed',
          tripId: result.trip.id,
          byUserId: userId,
          memberIds: result.view.users.map((u) => u._id),
          change: 'members',
        },
      );
      return result.view;
    },

    async setMemberRole(userId: string, tripId: string, target: string, role: TripRole): Promise<Trip> {
      return changeTrip(userId, 'members', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'members.manage');
        const current = isUuid(target) ? await findMemberRole(tx, trip.id, target) : null;
        if (current === null) throw notFound('This person is not a member of the trip.');
        if (current === 'admin' && role !== 'admin' && (await countMembers(tx, trip.id)).admins <= 1) {
          throw conflict('A trip needs at least one admin: make someone else an admin first.');
        }
        await updateMemberRole(tx, trip.id, target, role);
        return { tripId: trip.id, value: await tripView(tx, trip.id, userId) };
      });
    },

    /** An admin removes a member; any member removes themselves (leaves). The last admin stays. */
    async removeMember(userId: string, tripId: string, target: string): Promise<void> {
      const leaving = target.toLowerCase() === userId.toLowerCase();
      const changed = await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, leaving ? 'members.leave' : 'members.manage');
        const current = isUuid(target) ? await findMemberRole(tx, trip.id, target) : null;
        if (current === null) throw notFound('This person is not a member of the trip.');
        if (current === 'admin' && (await countMembers(tx, trip.id)).admins <= 1) {
          throw conflict(
            leaving
              ? 'You are the last admin of this trip: make someone else an admin before you leave, or delete the trip.'
              : 'A trip needs at least one admin: make someone else an admin first.',
          );
        }
        // Captured before the delete: the one who left or was removed hears of it too.
        const memberIds = await memberIdsOf(tx, trip.id);
        await deleteMember(tx, trip.id, target);
        const event: AppEvent = {
          type: 'trip.changed',
          tripId: trip.id,
          byUserId: userId,
          memberIds,
          change: 'members',
        };
        return event;
      });
      await emit(changed);
    },

    // ---------------------------------------------------------- planner

    async planner(userId: string, tripId: string): Promise<Planner> {
      const { trip } = await readAccess(userId, tripId, 'trip.read');
      return plannerOf(db, trip);
    },

    async addNote(userId: string, tripId: string, input: CreateNoteInput): Promise<Planner> {
      return changeTrip(userId, 'planner', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
        checkDayInTrip(trip, input.date);
        const list = await findListIds(tx, trip.id, input.date);
        await insertPlannerItems(tx, [
          {
            tripId: trip.id,
            kind: 'note',
            text: input.text,
            time: input.time,
            day: input.date,
            position: list.length,
          },
        ]);
        return { tripId: trip.id, value: await plannerOf(tx, trip) };
      });
    },

    async updateItem(
      userId: string,
      tripId: string,
      itemId: string,
      input: UpdatePlannerItemInput,
    ): Promise<Planner> {
      return changeTrip(userId, 'planner', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
        const item = await lockedItem(tx, trip.id, itemId);
        if (input.text !== undefined && item.kind !== 'note') {
          throw badRequest('Only notes have a text: a feature keeps its own title.', 'text');
        }
        await updatePlannerItem(tx, item.id, {
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.time !== undefined ? { time: input.time } : {}),
        });
        return { tripId: trip.id, value: await plannerOf(tx, trip) };
      });
    },

    /**
     * Schedules, unschedules, moves or reorders one item (PLANNER-02), atomically: the trip row is
     * locked, the item is taken out of its list and put at `index` of the target list, and both
     * lists are renumbered 0..n-1. Concurrent moves of one item run one after the other, so the
     * item ends up in exactly one place (PLANNER-04).
     */
    async moveItem(
      userId: string,
      tripId: string,
      itemId: string,
      input: MovePlannerItemInput,
    ): Promise<Planner> {
      return changeTrip(userId, 'planner', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
        const item = await lockedItem(tx, trip.id, itemId);
        checkDayInTrip(trip, input.date);
        const source = (await findListIds(tx, trip.id, item.day)).filter((id) => id !== item.id);
        const sameList = item.day === input.date;
        const target = sameList ? source : await findListIds(tx, trip.id, input.date);
        target.splice(Math.min(input.index, target.length), 0, item.id);
        if (!sameList) await writeList(tx, trip.id, item.day, source);
        await writeList(tx, trip.id, input.date, target);
        return { tripId: trip.id, value: await plannerOf(tx, trip) };
      });
    },

    /** Deletes a note; a feature's item goes only with the feature. */
    async deleteItem(userId: string, tripId: string, itemId: string): Promise<void> {
      await changeTrip(userId, 'planner', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
        const item = await lockedItem(tx, trip.id, itemId);
        if (item.kind === 'feature') throw badRequest('Remove the feature from the trip instead');
        await deletePlannerItem(tx, item.id);
        await renumber(tx, trip.id, item.day);
        return { tripId: trip.id, value: undefined };
      });
    },

    // ---------------------------------------------------------- checklist

    async checklist(userId: string, tripId: string): Promise<{ entries: string[] }> {
      const { trip } = await readAccess(userId, tripId, 'checklist.own');
      return { entries: await findChecklist(db, trip.id, userId) };
    },

    /** Replaces the caller's own entries (duplicates: the last occurrence wins, latest last). */
    async saveChecklist(userId: string, tripId: string, entries: string[]): Promise<{ entries: string[] }> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'checklist.own');
        const kept = dedupeKeepLast(entries);
        await replaceChecklist(tx, trip.id, userId, kept);
        return { entries: kept };
      });
    },

    // ---------------------------------------------------------- calendar

    async calendar(userId: string, tripId: string): Promise<{ fileName: string; body: string }> {
      const { trip } = await readAccess(userId, tripId, 'trip.read');
      return { fileName: fileNameOf(trip.tripName), body: await calendarOf(db, trip) };
    },

    async feed(userId: string, tripId: string): Promise<{ url: string | null }> {
      const { trip } = await readAccess(userId, tripId, 'calendar-feed.manage');
      const token = await findFeedToken(db, trip.id);
      return { url: token ? feedUrl(token) : null };
    },

    /** Creates the private feed, or rotates its token (the old URL stops working). */
    async rotateFeed(userId: string, tripId: string): Promise<{ url: string }> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'calendar-feed.manage');
        const token = randomToken();
        await saveFeedToken(tx, trip.id, token, userId);
        return { url: feedUrl(token) };
      });
    },

    async revokeFeed(userId: string, tripId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'calendar-feed.manage');
        await deleteFeed(tx, trip.id);
      });
    },

    /** The calendar of a private feed token (no sign-in); 404 for unknown or revoked tokens. */
    async feedCalendar(tokenParam: string): Promise<{ fileName: string; body: string }> {
      const token = tokenParam.endsWith('.ics') ? tokenParam.slice(0, -4) : tokenParam;
      const gone = () => notFound('This calendar feed does not exist or was revoked.');
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw gone();
      const tripId = await findTripIdByFeedToken(db, token);
      const trip = tripId ? await findTrip(db, tripId) : undefined;
      if (!trip) throw gone();
      return { fileName: fileNameOf(trip.tripName), body: await calendarOf(db, trip) };
    },
  };
}

export type TripsService = ReturnType<typeof createTripsService>;
