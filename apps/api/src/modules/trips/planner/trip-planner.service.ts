import { isUuid } from '@tripcrew/contracts/common';
import type {
  createPlannerNoteBodySchema,
  movePlannerItemBodySchema,
  Planner,
  plannerDayStartBodySchema,
  PlannerItem,
  updatePlannerItemBodySchema,
} from '@tripcrew/contracts/trips';
import { DAY_START_DEFAULT } from '@tripcrew/contracts/day-timeline';
import { checkOpeningHours } from '@tripcrew/contracts/opening-hours';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { toFeature } from '../../features/index.ts';
import { readAccess, readWith, writeAccess } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import { addDays, dayCount, eachDay } from '../core/trip-dates.ts';
import {
  deletePlannerItem,
  findDayStarts,
  findItemsOutside,
  shiftDayStarts,
  findListIds,
  findPlannerItem,
  findTripWithPlannerItems,
  insertPlannerItems,
  shiftPlannedDays,
  updatePlannerItem,
  writeDayStart,
  writeList,
} from './trip-planner.repository.ts';
import { plannerItemsOf, tripPlaceView, type PlannerItemWithFeature } from '../core/trip-views.ts';
import type { PlannerItemRow, TripRow } from '../core/trips.table.ts';
import { mergeEdit, recordEdit } from '../history/record-versions.ts';
import { plannerItemLabel, plannerRecord, recordMove, recordNote } from './trip-planner-records.ts';

export { plannerItemLabel, plannerRecord, recordMove, recordNote };

export type CreateNoteInput = z.output<typeof createPlannerNoteBodySchema>;
export type UpdatePlannerItemInput = z.output<typeof updatePlannerItemBodySchema>;
export type MovePlannerItemInput = z.output<typeof movePlannerItemBodySchema>;
export type DayStartInput = z.output<typeof plannerDayStartBodySchema>;

const PLANNER_ITEM_NOT_FOUND = 'This planner item does not exist in this trip.';
const DAY_CHANGED =
  'This day changed since its order was read: the order must list every item of the day once. Reload and try again.';

/** What `arrangeDay` asks for: the day's new order, and anything else to answer. */
export interface DayArrangement<T> {
  itemIds: string[];
  value: T;
}

/**
 * Picks a day's order from the trip and the day's items (in their current order); `conn` is the
 * operation's connection (inside its transaction when it writes: use it, never the pool).
 */
export type ArrangeDay<T> = (
  trip: TripRow,
  items: PlannerItem[],
  conn: Db,
  /** 'HH:MM' the day starts, when it was set; null: the default. */
  start: string | null,
) => Promise<DayArrangement<T>>;

// ---------------------------------------------------------------- list rules (shared with trips and features)

/** What comes into the tray: a feature added to the trip, or a place of the trip's own. */
export type TrayEntry = { featureId: string } | { placeId: string };

/** Features and places added to a trip each get a planner item at the end of the tray. */
export async function addToTray(tx: Db, tripId: string, entries: readonly TrayEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const trayLength = (await findListIds(tx, tripId, null)).length;
  await insertPlannerItems(
    tx,
    entries.map((entry, i) => ({
      tripId,
      ...('featureId' in entry
        ? { kind: 'feature' as const, featureId: entry.featureId }
        : { kind: 'place' as const, placeId: entry.placeId }),
      day: null,
      position: trayLength + i,
    })),
  );
}

/** Positions 0..n-1 again after an item left the list. */
export async function renumber(tx: Db, tripId: string, day: string | null): Promise<void> {
  await writeList(tx, tripId, day, await findListIds(tx, tripId, day));
}

/** What new dates did to the plan: how far it shifted, and the stops sent to the tray. */
export interface Replanned {
  /** Days every planned stop moved by (0: not shifted). */
  shiftedBy: number;
  /** The stops that went to the tray, with the day each was on before the dates changed. */
  trayed: { id: string; date: string }[];
}

/**
 * New dates for a trip whose plan may have stops on the days they leave out (PLANNER-03): with
 * 'shift' the whole plan first moves by as many days as the start moved (day 1 stays day 1);
 * then whatever is outside [start, end] (every dated stop when there are no dates) goes to the
 * end of the tray, never away.
 */
export async function replanForDates(
  tx: Db,
  tripId: string,
  fromStart: string | null,
  after: { start: string | null; end: string | null },
  plannedDays: 'shift' | 'tray',
): Promise<Replanned> {
  let shiftedBy = 0;
  if (plannedDays === 'shift' && fromStart && after.start && fromStart !== after.start) {
    shiftedBy = dayCount(fromStart, after.start) - 1;
    await shiftPlannedDays(tx, tripId, shiftedBy);
    await shiftDayStarts(tx, tripId, shiftedBy);
  }
  const range = after.start && after.end ? { start: after.start, end: after.end } : null;
  const outside = await findItemsOutside(tx, tripId, range);
  if (outside.length > 0) {
    const ids = outside.map((item) => item.id);
    await writeList(tx, tripId, null, [...(await findListIds(tx, tripId, null)), ...ids]);
  }
  return {
    shiftedBy,
    trayed: outside.map((item) => ({ id: item.id, date: addDays(item.day, -shiftedBy) })),
  };
}

/** A stop's hours for the trip: only a stop has them, and they must parse (the reason when not). */
function checkStopHours(item: PlannerItemRow, hours: string): void {
  if (item.kind === 'note') throw badRequest('A note has no opening hours: only a stop does.', 'hours');
  const checked = checkOpeningHours(hours);
  if (!checked.ok) throw badRequest(checked.message, 'hours');
}

// ---------------------------------------------------------------- views

function itemView({ item, feature, place }: PlannerItemWithFeature): PlannerItem {
  return {
    _id: item.id,
    kind: item.kind,
    feature: feature ? toFeature(feature) : null,
    place: place ? tripPlaceView(place) : null,
    text: item.text,
    time: item.time,
    visitMinutes: item.visitMinutes,
    hours: item.hours,
    date: item.day,
    position: item.position,
    version: item.version,
  };
}

/** The planner of a trip as GET planner answers it (also the data export's itinerary). */
export async function plannerOf(conn: Db, trip: TripRow): Promise<Planner> {
  return plannerFrom(trip, await plannerItemsOf(conn, trip.id), await findDayStarts(conn, trip.id));
}

type DayStarts = ReadonlyMap<string, { start: string; version: number }>;

function plannerFrom(trip: TripRow, items: readonly PlannerItemWithFeature[], starts: DayStarts): Planner {
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
  return {
    days: days.map((date) => ({
      date,
      items: byDay.get(date) ?? [],
      start: starts.get(date)?.start ?? DAY_START_DEFAULT,
      startVersion: starts.get(date)?.version ?? 0,
    })),
    tray: [...tray, ...stray],
  };
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

async function lockedItem(tx: Db, tripId: string, itemId: string): Promise<PlannerItemRow> {
  const item = isUuid(itemId) ? await findPlannerItem(tx, tripId, itemId) : undefined;
  if (!item) throw notFound(PLANNER_ITEM_NOT_FOUND);
  return item;
}

/** The day-by-day planner of a trip and its tray (PLANNER-01..04). */
export function createTripPlannerService(ctx: TripContext) {
  const { db } = ctx;

  /** One planner edit in a trip.changed transaction; `edit` gets the locked trip and answers the planner. */
  function editPlanner(
    userId: string,
    tripId: string,
    edit: (tx: Db, trip: TripRow) => Promise<void>,
  ): Promise<Planner> {
    return ctx.changeTrip(userId, 'planner', async (tx) => {
      const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
      await edit(tx, trip);
      return { tripId: trip.id, value: await plannerOf(tx, trip) };
    });
  }

  return {
    async planner(userId: string, tripId: string): Promise<Planner> {
      const { trip, rows: items } = await readWith(tripId, 'trip.read', () =>
        findTripWithPlannerItems(db, tripId, userId),
      );
      return plannerFrom(trip, items, await findDayStarts(db, trip.id));
    },

    /** When a day starts (its timeline counts from it); 409 when another member changed it first. */
    async setDayStart(userId: string, tripId: string, date: string, input: DayStartInput): Promise<Planner> {
      return editPlanner(userId, tripId, async (tx, trip) => {
        checkDayInTrip(trip, date);
        if (!(await writeDayStart(tx, trip.id, date, input.start, input.version))) {
          throw conflict(
            'Someone changed when this day starts meanwhile: look at the new time and set it again.',
          );
        }
      });
    },

    async addNote(userId: string, tripId: string, input: CreateNoteInput): Promise<Planner> {
      return editPlanner(userId, tripId, async (tx, trip) => {
        checkDayInTrip(trip, input.date);
        const list = await findListIds(tx, trip.id, input.date);
        const inserted = await insertPlannerItems(tx, [
          {
            ...(input._id ? { id: input._id } : {}),
            tripId: trip.id,
            kind: 'note',
            text: input.text,
            time: input.time,
            day: input.date,
            position: list.length,
          },
        ]);
        const [note] = inserted;
        if (!note) throw conflict('A planner item with this id already exists.');
        await recordNote(tx, userId, note, 'added');
      });
    },

    async updateItem(
      userId: string,
      tripId: string,
      itemId: string,
      input: UpdatePlannerItemInput,
    ): Promise<Planner> {
      return editPlanner(userId, tripId, async (tx, trip) => {
        const item = await lockedItem(tx, trip.id, itemId);
        if (input.text !== undefined && item.kind !== 'note') {
          throw badRequest('Only notes have a text: a feature or a place keeps its own name.', 'text');
        }
        if (input.visitMinutes !== undefined && item.kind === 'note') {
          throw badRequest('A note takes no time: only a stop has a visit length.', 'visitMinutes');
        }
        if (input.hours != null) checkStopHours(item, input.hours);
        const record = await plannerRecord(tx, item);
        const changes = {
          text: input.text,
          time: input.time,
          visitMinutes: input.visitMinutes,
          hours: input.hours,
        };
        const applied = await mergeEdit(tx, record, changes, input.version, userId);
        if (Object.keys(applied).length === 0) return;
        await updatePlannerItem(tx, item.id, {
          ...(applied.text != null ? { text: applied.text } : {}),
          ...(applied.time !== undefined ? { time: applied.time } : {}),
          ...(applied.visitMinutes !== undefined ? { visitMinutes: applied.visitMinutes } : {}),
          ...(applied.hours !== undefined ? { hours: applied.hours } : {}),
        });
        await recordEdit(tx, userId, record, applied);
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
      return editPlanner(userId, tripId, async (tx, trip) => {
        const item = await lockedItem(tx, trip.id, itemId);
        checkDayInTrip(trip, input.date);
        const source = (await findListIds(tx, trip.id, item.day)).filter((id) => id !== item.id);
        const sameList = item.day === input.date;
        const target = sameList ? source : await findListIds(tx, trip.id, input.date);
        target.splice(Math.min(input.index, target.length), 0, item.id);
        if (!sameList) await writeList(tx, trip.id, item.day, source);
        await writeList(tx, trip.id, input.date, target);
        if (!sameList) await recordMove(tx, userId, item, input.date);
      });
    },

    /**
     * Puts every item of one day in the order `arrange` picks (ROUTE-06), in one transaction with
     * the trip row locked, and tells the members as a move does. The order must list exactly the
     * day's items (409 otherwise: the day changed meanwhile). `apply: false` only asks (no write,
     * no event), with the same permission.
     */
    async arrangeDay<T>(
      userId: string,
      tripId: string,
      date: string,
      apply: boolean,
      arrange: ArrangeDay<T>,
    ): Promise<{ planner: Planner; itemIds: string[]; value: T }> {
      const pick = async (conn: Db, trip: TripRow) => {
        checkDayInTrip(trip, date);
        const day = plannerFrom(
          trip,
          await plannerItemsOf(conn, trip.id),
          await findDayStarts(conn, trip.id),
        ).days.find((d) => d.date === date);
        const current = day?.items ?? [];
        const picked = await arrange(trip, current, conn, day?.start ?? null);
        const now = new Set(current.map((item) => item._id));
        if (picked.itemIds.length !== now.size || !picked.itemIds.every((id) => now.has(id))) {
          throw conflict(DAY_CHANGED);
        }
        return picked;
      };
      if (!apply) {
        const { trip } = await readAccess(db, userId, tripId, 'planner.edit');
        const picked = await pick(db, trip);
        return { planner: await plannerOf(db, trip), ...picked };
      }
      let picked: DayArrangement<T> | undefined;
      const planner = await editPlanner(userId, tripId, async (tx, trip) => {
        picked = await pick(tx, trip);
        await writeList(tx, trip.id, date, picked.itemIds);
      });
      const done = picked as DayArrangement<T>;
      return { planner, itemIds: done.itemIds, value: done.value };
    },

    /** Deletes a note; a feature's or a place's item goes only with the feature or place. */
    async deleteItem(userId: string, tripId: string, itemId: string): Promise<void> {
      await ctx.changeTrip(userId, 'planner', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'planner.edit');
        const item = await lockedItem(tx, trip.id, itemId);
        if (item.kind === 'feature') throw badRequest('Remove the feature from the trip instead');
        if (item.kind === 'place') throw badRequest("Remove the place from the trip's places instead");
        await deletePlannerItem(tx, item.id);
        await recordNote(tx, userId, item, 'removed');
        await renumber(tx, trip.id, item.day);
        return { tripId: trip.id, value: undefined };
      });
    },
  };
}

export type TripPlannerService = ReturnType<typeof createTripPlannerService>;
