import type { Db } from '../../../db/client.ts';
import type { PlannerItemRow } from '../core/trips.table.ts';
import { featuresById } from '../core/trip-views.ts';
import { labelOf, recordActivity, type EditedRecord } from '../history/record-versions.ts';
import { findTripPlace } from '../places/trip-places.repository.ts';
import { bumpPlannerItem } from './trip-planner.repository.ts';

/**
 * A planner item in the trip's history (decision 035): its name, the fields an edit merges (its
 * text, its time, a stop's visit and its hours for the trip), and the entries of a note added or removed and of a move.
 */

/** What an item is called in the trip's history: its feature's title, its place's name, or the note's first line. */
export async function plannerItemLabel(conn: Db, item: PlannerItemRow): Promise<string> {
  if (item.placeId) return labelOf((await findTripPlace(conn, item.tripId, item.placeId))?.name ?? '');
  if (!item.featureId) return labelOf(item.text);
  return (await featuresById(conn, [item.featureId])).get(item.featureId)?.title ?? '';
}

/** An item as an edit finds it (decision 035): its text and time are the fields that merge. */
export async function plannerRecord(
  conn: Db,
  item: PlannerItemRow,
): Promise<
  EditedRecord<{
    text: string | null;
    time: string | null;
    visitMinutes: number | null;
    hours: string | null;
  }>
> {
  return {
    tripId: item.tripId,
    kind: 'planner-item',
    id: item.id,
    version: item.version,
    label: await plannerItemLabel(conn, item),
    values: { text: item.text, time: item.time, visitMinutes: item.visitMinutes, hours: item.hours },
  };
}

/**
 * The history entry of a note that came into the planner ('added', or 'restored' by an undo) or
 * left it ('removed'): its text, time and day after, or before, the change.
 */
export async function recordNote(
  tx: Db,
  userId: string,
  note: PlannerItemRow,
  action: 'added' | 'restored' | 'removed',
  options: { label?: string; undoOf?: string } = {},
): Promise<void> {
  const values = { text: note.text, time: note.time, date: note.day };
  const gone = action === 'removed';
  await recordActivity(tx, userId, {
    tripId: note.tripId,
    kind: 'planner-item',
    recordId: note.id,
    action,
    version: gone ? null : note.version,
    label: options.label ?? labelOf(note.text),
    ...(gone ? { before: values } : { after: values }),
    undoOf: options.undoOf ?? null,
  });
}

/** An item went to another day (or the tray): its version rises and the history says so. */
export async function recordMove(
  tx: Db,
  userId: string,
  item: PlannerItemRow,
  to: string | null,
  undoOf?: string,
): Promise<void> {
  await bumpPlannerItem(tx, item.id);
  await recordActivity(tx, userId, {
    tripId: item.tripId,
    kind: 'planner-item',
    recordId: item.id,
    action: 'moved',
    version: item.version + 1,
    label: await plannerItemLabel(tx, item),
    fields: ['date'],
    before: { date: item.day },
    after: { date: to },
    undoOf: undoOf ?? null,
  });
}
