import { TRIP_PLACES_MAX } from '@tripcrew/contracts/trip-places';
import { TRIP_MAX_FEATURES } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { updateTrip } from '../core/trips.repository.ts';
import type { TripActivityRow, TripRow } from '../core/trips.table.ts';
import { findMemberRole } from '../members/trip-members.repository.ts';
import {
  deletePackingItem,
  findPackingItem,
  insertPackingItem,
  updatePackingItem,
} from '../packing/trip-packing.repository.ts';
import {
  countFeaturesOfTrips,
  deleteTripFeature,
  insertTripFeatures,
} from '../planner/trip-features.repository.ts';
import {
  deletePlannerItem,
  findListIds,
  findPlannerItem,
  findPlannerItemOf,
  insertPlannerItems,
  updatePlannerItem,
  writeList,
} from '../planner/trip-planner.repository.ts';
import { packingRecord, recordPackingItem } from '../packing/trip-packing.service.ts';
import { countTripPlaces, findTripPlace, updateTripPlace } from '../places/trip-places.repository.ts';
import {
  deletePlace,
  insertPlace,
  placeRow,
  recordTripPlace,
  TRIP_PLACE_FIELDS,
  tripPlaceRecord,
  tripPlaceValuesIn,
  withWholePoint,
} from '../places/trip-places.service.ts';
import {
  plannerRecord,
  recordMove,
  recordNote,
  renumber,
  replanForDates,
  type Replanned,
} from '../planner/trip-planner.service.ts';
import { mergeEdit, recordActivity, recordEdit, tripRecord } from './record-versions.ts';

/**
 * Undoing an entry of the trip's history (decision 035): an undo is itself an edit, made now by
 * the caller, that follows the rules of every edit — a change is undone only where nobody changed
 * the same fields since (409 otherwise), a removed record comes back with its id, an added one
 * goes, a moved stop goes back to its day. The new entry names the one it undid.
 */

const GONE = 'This has changed since: there is nothing left to undo.';
const TRIP_FIELDS_UNDONE = ['tripName', 'transportMode', 'startDate', 'endDate'];

/** Entries of the trip's money, written and undone by the expenses module. */
export const MONEY_KINDS = ['expense', 'settlement', 'budget'];

/** Whether an entry can be undone at all (whoever asks). */
export function undoable(entry: Pick<TripActivityRow, 'kind' | 'action' | 'fields'>): boolean {
  // Money: an expense or a payment added or removed; a change is corrected in the money tab, by
  // its rules (what is owed), and the budget is the admins' to set.
  if (MONEY_KINDS.includes(entry.kind))
    return entry.kind !== 'budget' && (entry.action === 'added' || entry.action === 'removed');
  // Bookings: corrected by editing the booking (its times and places are checked on each write).
  if (entry.kind === 'booking') return false;
  if (entry.kind === 'trip') {
    return entry.action === 'changed' && entry.fields.every((field) => TRIP_FIELDS_UNDONE.includes(field));
  }
  if (entry.action === 'moved') return entry.kind === 'planner-item';
  return ['added', 'changed', 'removed', 'restored'].includes(entry.action);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A day of the trip, or null (the tray) for a day the trip no longer has. */
const dayInTrip = (trip: TripRow, day: unknown): string | null =>
  typeof day === 'string' && trip.startDate && trip.endDate && day >= trip.startDate && day <= trip.endDate
    ? day
    : null;

async function undoPlannerItem(tx: Db, userId: string, trip: TripRow, entry: TripActivityRow): Promise<void> {
  const id = entry.recordId ?? '';
  const item = await findPlannerItem(tx, trip.id, id);
  const before = entry.before ?? {};
  if (entry.action === 'removed') {
    if (item) throw conflict(GONE);
    const day = dayInTrip(trip, before.date);
    const [note] = await insertPlannerItems(tx, [
      {
        id,
        tripId: trip.id,
        kind: 'note',
        text: text(before.text) ?? entry.label,
        time: text(before.time),
        day,
        position: (await findListIds(tx, trip.id, day)).length,
      },
    ]);
    if (!note) throw conflict(GONE);
    await recordNote(tx, userId, note, 'restored', { label: entry.label, undoOf: entry.id });
    return;
  }
  if (!item) throw conflict(GONE);
  if (entry.action === 'added' || entry.action === 'restored') {
    if (item.kind !== 'note') throw badRequest('Remove the feature from the trip instead');
    await deletePlannerItem(tx, item.id);
    await renumber(tx, trip.id, item.day);
    await recordNote(tx, userId, item, 'removed', { label: entry.label, undoOf: entry.id });
    return;
  }
  if (entry.action === 'moved') {
    if (item.day !== (entry.after?.date ?? null)) throw conflict(GONE);
    const target = dayInTrip(trip, before.date);
    await writeList(
      tx,
      trip.id,
      item.day,
      (await findListIds(tx, trip.id, item.day)).filter((other) => other !== item.id),
    );
    await writeList(tx, trip.id, target, [...(await findListIds(tx, trip.id, target)), item.id]);
    await recordMove(tx, userId, item, target, entry.id);
    return;
  }
  const record = await plannerRecord(tx, item);
  const applied = await mergeEdit(
    tx,
    record,
    {
      text: text(before.text) ?? undefined,
      time: text(before.time),
      ...('visitMinutes' in before
        ? { visitMinutes: typeof before.visitMinutes === 'number' ? before.visitMinutes : null }
        : {}),
      ...('hours' in before ? { hours: text(before.hours) } : {}),
    },
    entry.version ?? undefined,
  );
  await updatePlannerItem(tx, item.id, {
    ...(applied.text != null ? { text: applied.text } : {}),
    ...(applied.time !== undefined ? { time: applied.time } : {}),
    ...(applied.visitMinutes !== undefined ? { visitMinutes: applied.visitMinutes } : {}),
    ...(applied.hours !== undefined ? { hours: applied.hours } : {}),
  });
  await recordEdit(tx, userId, record, applied, entry.id);
}

async function undoTripFeature(tx: Db, userId: string, trip: TripRow, entry: TripActivityRow): Promise<void> {
  const featureId = entry.recordId ?? '';
  const base = { tripId: trip.id, kind: 'trip-feature' as const, recordId: featureId, label: entry.label };
  if (entry.action === 'removed') {
    const added = await insertTripFeatures(tx, trip.id, [featureId]);
    if (added.length === 0) throw conflict(GONE);
    if (((await countFeaturesOfTrips(tx, [trip.id])).get(trip.id) ?? 0) > TRIP_MAX_FEATURES) {
      throw badRequest(`A trip can have at most ${TRIP_MAX_FEATURES} features.`);
    }
    const day = dayInTrip(trip, entry.before?.date);
    const time = text(entry.before?.time);
    await insertPlannerItems(tx, [
      {
        tripId: trip.id,
        kind: 'feature',
        featureId,
        day,
        time,
        position: (await findListIds(tx, trip.id, day)).length,
      },
    ]);
    await recordActivity(tx, userId, {
      ...base,
      action: 'restored',
      version: null,
      after: { date: day, time },
      undoOf: entry.id,
    });
    return;
  }
  const item = await findPlannerItemOf(tx, trip.id, { featureId });
  if (!(await deleteTripFeature(tx, trip.id, featureId))) throw conflict(GONE);
  if (item) await renumber(tx, trip.id, item.day);
  await recordActivity(tx, userId, {
    ...base,
    action: 'removed',
    version: null,
    before: { date: item?.day ?? null, time: item?.time ?? null },
    undoOf: entry.id,
  });
}

/** Who brought the item, if they still may (a participant of the trip); else anyone. */
async function assigneeNow(tx: Db, tripId: string, userId: unknown): Promise<string | null> {
  if (typeof userId !== 'string') return null;
  const role = await findMemberRole(tx, tripId, userId);
  return role !== null && role !== 'viewer' ? userId : null;
}

async function undoPackingItem(tx: Db, userId: string, trip: TripRow, entry: TripActivityRow): Promise<void> {
  const id = entry.recordId ?? '';
  const item = await findPackingItem(tx, trip.id, id);
  const before = entry.before ?? {};
  if (entry.action === 'removed') {
    if (item) throw conflict(GONE);
    const back = await insertPackingItem(tx, {
      id,
      tripId: trip.id,
      text: text(before.text) ?? entry.label,
      assignedTo: await assigneeNow(tx, trip.id, before.assignedTo),
      done: before.done === true,
      createdBy: userId,
    });
    if (!back) throw conflict(GONE);
    await recordPackingItem(tx, userId, back, 'restored', entry.id);
    return;
  }
  if (!item) throw conflict(GONE);
  if (entry.action === 'added' || entry.action === 'restored') {
    await deletePackingItem(tx, item.id);
    await recordPackingItem(tx, userId, item, 'removed', entry.id);
    return;
  }
  const record = packingRecord(item);
  const changes = {
    ...(entry.fields.includes('text') && text(before.text) ? { text: text(before.text) as string } : {}),
    ...(entry.fields.includes('done') ? { done: before.done === true } : {}),
    ...(entry.fields.includes('assignedTo')
      ? { assignedTo: await assigneeNow(tx, trip.id, before.assignedTo) }
      : {}),
  };
  const applied = await mergeEdit(tx, record, changes, entry.version ?? undefined);
  if (Object.keys(applied).length === 0) return;
  await updatePackingItem(tx, item.id, applied);
  await recordEdit(tx, userId, record, applied, entry.id);
}

/** A place of the trip's own: removed comes back with its id and fields, added goes, a change goes back. */
async function undoTripPlace(tx: Db, userId: string, trip: TripRow, entry: TripActivityRow): Promise<void> {
  const id = entry.recordId ?? '';
  const place = await findTripPlace(tx, trip.id, id);
  if (entry.action === 'removed') {
    const kept = tripPlaceValuesIn(entry.before ?? {}, TRIP_PLACE_FIELDS);
    if (place || kept.lat === undefined || kept.lng === undefined) throw conflict(GONE);
    if ((await countTripPlaces(tx, trip.id)) >= TRIP_PLACES_MAX) {
      throw badRequest(`A trip has at most ${TRIP_PLACES_MAX} places of its own.`);
    }
    const back = await insertPlace(tx, {
      ...placeRow({ ...kept, name: kept.name ?? entry.label, lat: kept.lat, lng: kept.lng }),
      id,
      tripId: trip.id,
      createdBy: userId,
    });
    if (!back) throw conflict(GONE);
    await recordTripPlace(tx, userId, back, 'restored', entry.id);
    return;
  }
  if (!place) throw conflict(GONE);
  if (entry.action === 'added' || entry.action === 'restored') {
    await deletePlace(tx, place);
    await recordTripPlace(tx, userId, place, 'removed', entry.id);
    return;
  }
  const record = tripPlaceRecord(place);
  const changes = tripPlaceValuesIn(entry.before ?? {}, entry.fields);
  const point =
    changes.lat !== undefined && changes.lng !== undefined
      ? { lat: changes.lat, lng: changes.lng }
      : undefined;
  const applied = withWholePoint(await mergeEdit(tx, record, changes, entry.version ?? undefined), point);
  if (Object.keys(applied).length === 0) return;
  await updateTripPlace(tx, place.id, applied);
  await recordEdit(tx, userId, record, applied, entry.id);
}

const dateOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Undoing new dates shifts the plan back by what they shifted it, and puts back on their days
 * the stops they sent to the tray (those still there); what falls outside goes to the tray.
 */
async function replanBack(
  tx: Db,
  trip: TripRow,
  entry: TripActivityRow,
  range: { start: string | null; end: string | null },
): Promise<Replanned> {
  const shiftedBy = typeof entry.after?.shiftedBy === 'number' ? entry.after.shiftedBy : 0;
  const replanned = await replanForDates(
    tx,
    trip.id,
    trip.startDate,
    range,
    shiftedBy !== 0 ? 'shift' : 'tray',
  );
  const trayed = Array.isArray(entry.before?.trayed)
    ? (entry.before.trayed as { id?: unknown; date?: unknown }[])
    : [];
  for (const { id, date } of trayed) {
    if (typeof id !== 'string' || typeof date !== 'string') continue;
    if (!range.start || !range.end || date < range.start || date > range.end) continue;
    const item = await findPlannerItem(tx, trip.id, id);
    if (!item || item.day !== null) continue;
    await writeList(
      tx,
      trip.id,
      null,
      (await findListIds(tx, trip.id, null)).filter((other) => other !== id),
    );
    await writeList(tx, trip.id, date, [...(await findListIds(tx, trip.id, date)), id]);
  }
  return replanned;
}

async function undoTripChange(tx: Db, userId: string, trip: TripRow, entry: TripActivityRow): Promise<void> {
  const record = tripRecord(trip);
  const before = entry.before ?? {};
  const mode = before.transportMode;
  const changes = {
    ...(typeof before.tripName === 'string' ? { tripName: before.tripName } : {}),
    ...(mode === 'public' || mode === 'private' ? { transportMode: mode as 'public' | 'private' } : {}),
    ...(entry.fields.includes('startDate') ? { startDate: dateOrNull(before.startDate) } : {}),
    ...(entry.fields.includes('endDate') ? { endDate: dateOrNull(before.endDate) } : {}),
  };
  const applied = await mergeEdit(tx, record, changes, entry.version ?? undefined);
  if (Object.keys(applied).length === 0) return;
  const start = applied.startDate !== undefined ? applied.startDate : trip.startDate;
  const end = applied.endDate !== undefined ? applied.endDate : trip.endDate;
  const datesChange = start !== trip.startDate || end !== trip.endDate;
  if (datesChange && ((start === null) !== (end === null) || (start && end && end < start))) {
    throw conflict('The other date changed since: undoing this would leave the trip without a valid range.');
  }
  const replanned = datesChange ? await replanBack(tx, trip, entry, { start, end }) : undefined;
  await updateTrip(tx, trip.id, {
    ...(applied.tripName ? { tripName: applied.tripName } : {}),
    ...(applied.transportMode ? { transportMode: applied.transportMode } : {}),
    ...(datesChange ? { startDate: start, endDate: end } : {}),
  });
  const extra = replanned && {
    before: { trayed: replanned.trayed },
    after: { shiftedBy: replanned.shiftedBy },
  };
  await recordEdit(tx, userId, record, applied, entry.id, extra);
}

/** Applies the undo of `entry` in the transaction (the trip row locked, the caller allowed). */
export async function applyUndo(
  tx: Db,
  userId: string,
  trip: TripRow,
  entry: TripActivityRow,
): Promise<void> {
  if (entry.kind === 'planner-item') return undoPlannerItem(tx, userId, trip, entry);
  if (entry.kind === 'trip-feature') return undoTripFeature(tx, userId, trip, entry);
  if (entry.kind === 'packing-item') return undoPackingItem(tx, userId, trip, entry);
  if (entry.kind === 'trip-place') return undoTripPlace(tx, userId, trip, entry);
  return undoTripChange(tx, userId, trip, entry);
}
