import type { HistoryAction, HistoryKind } from '@tripcrew/contracts/trip-history';
import type { Db } from '../../../db/client.ts';
import { badRequest, versionConflict } from '../../../platform/errors.ts';
import { findUserCards } from '../../users/index.ts';
import type { TripRow } from '../core/trips.table.ts';
import { findChangesSince, insertActivity } from './trip-history.repository.ts';

/**
 * Edits that never overwrite each other silently (decision 035). Every editable record of a trip
 * has a version, raised by one on each change, and each change is a row of the trip's history
 * with the fields it touched. An edit names the version it started from; the record is locked
 * (its trip row) while the edit is checked and applied:
 *
 * - fields the edit changes that nobody changed since that version are applied (different fields
 *   of one record merge: Ana renames, Ben changes the time, both stay);
 * - a field someone else changed since, to another value, is a 409 VERSION_CONFLICT with the
 *   record as it is now, the fields and who changed them — nothing of the edit is written;
 * - changes the same person made since (another tab, their own offline edits replayed in order)
 *   never conflict with their edit; an undo counts everyone's;
 * - an edit without a version is applied as sent (scripts, older clients).
 */

export type FieldValues = Record<string, string | number | boolean | null>;

/** A record as an edit finds it: its kind, id, version, name and editable fields now. */
export interface EditedRecord<F extends FieldValues> {
  tripId: string;
  kind: HistoryKind;
  id: string;
  version: number;
  label: string;
  values: F;
}

const same = (a: unknown, b: unknown) => a === b || (a == null && b == null);

/** What the record is called in the history: a note's first line, at most 80 characters. */
export function labelOf(text: string | null | undefined): string {
  const line = (text ?? '').split('\n')[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * Of `changes`, the fields that differ from the record and may be applied; throws 409 when
 * someone else changed one of them since `baseVersion`, 400 for a version the record never had.
 */
export async function mergeEdit<F extends FieldValues>(
  tx: Db,
  record: EditedRecord<F>,
  changes: Partial<F>,
  baseVersion: number | undefined,
  /** The person editing: their own changes since `baseVersion` (another tab, an offline replay) never conflict. */
  by?: string,
): Promise<Partial<F>> {
  const changed = (Object.keys(changes) as (keyof F & string)[]).filter(
    (field) => changes[field] !== undefined && !same(changes[field], record.values[field]),
  );
  if (baseVersion !== undefined && baseVersion > record.version) {
    throw badRequest(
      `This edit starts from version ${baseVersion}, but the newest is ${record.version}: reload and try again.`,
      'version',
    );
  }
  if (baseVersion !== undefined && baseVersion < record.version && changed.length > 0) {
    const since = (await findChangesSince(tx, record.tripId, record.id, baseVersion)).filter(
      (change) => by === undefined || change.actorId !== by,
    );
    const touched = new Set(since.flatMap((change) => change.fields));
    const clash = changed.filter((field) => touched.has(field));
    if (clash.length > 0) {
      const last = since.filter((change) => change.fields.some((field) => clash.includes(field))).at(-1);
      const card = last?.actorId ? (await findUserCards(tx, [last.actorId])).get(last.actorId) : undefined;
      const name = card ? `${card.name} ${card.lastName}`.trim() : null;
      throw versionConflict(`${name ?? 'Someone'} changed this while you were editing.`, {
        kind: record.kind,
        recordId: record.id,
        version: record.version,
        fields: clash,
        current: { ...record.values, version: record.version },
        changedBy: card ? { _id: card.id, name: name ?? '' } : null,
        changedAt: last?.createdAt.toISOString() ?? null,
      });
    }
  }
  return Object.fromEntries(changed.map((field) => [field, changes[field]])) as Partial<F>;
}

export interface Recorded {
  tripId: string;
  kind: HistoryKind;
  recordId: string | null;
  action: HistoryAction;
  /** The record's version after the change (null when it is gone). */
  version: number | null;
  label: string;
  fields?: string[];
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  undoOf?: string | null;
  /** Who reads it besides the trip's travellers (the people in a payment); unset: everyone. */
  audience?: readonly string[] | null;
}

/** Writes one entry of the trip's history, in the transaction of the change. */
export async function recordActivity(tx: Db, actorId: string, entry: Recorded): Promise<string> {
  return insertActivity(tx, {
    tripId: entry.tripId,
    actorId,
    kind: entry.kind,
    recordId: entry.recordId,
    action: entry.action,
    version: entry.version,
    label: entry.label,
    fields: entry.fields ?? [],
    before: entry.before ?? null,
    after: entry.after ?? null,
    undoOf: entry.undoOf ?? null,
    audience: entry.audience ? [...new Set(entry.audience.map((id) => id.toLowerCase()))] : null,
  });
}

/**
 * The history entry of a record that came into the trip ('added', or 'restored' by an undo) or left
 * it ('removed'): its fields after, or before, the change.
 */
export async function recordArrival<F extends FieldValues>(
  tx: Db,
  actorId: string,
  record: EditedRecord<F>,
  action: 'added' | 'restored' | 'removed',
  undoOf?: string,
): Promise<void> {
  const gone = action === 'removed';
  await recordActivity(tx, actorId, {
    tripId: record.tripId,
    kind: record.kind,
    recordId: record.id,
    action,
    version: gone ? null : record.version,
    label: record.label,
    ...(gone ? { before: record.values } : { after: record.values }),
    undoOf: undoOf ?? null,
  });
}

/**
 * Records an applied edit (`applied` from mergeEdit): its fields before and after, the new
 * version, and what else an undo needs to know (`extra`: what new dates did to the plan).
 */
export async function recordEdit<F extends FieldValues>(
  tx: Db,
  actorId: string,
  record: EditedRecord<F>,
  applied: Partial<F>,
  undoOf?: string,
  extra?: { before?: Record<string, unknown>; after?: Record<string, unknown> },
): Promise<void> {
  const fields = Object.keys(applied);
  if (fields.length === 0) return;
  await recordActivity(tx, actorId, {
    tripId: record.tripId,
    kind: record.kind,
    recordId: record.id,
    action: 'changed',
    version: record.version + 1,
    label: record.label,
    fields,
    before: {
      ...extra?.before,
      ...Object.fromEntries(fields.map((field) => [field, record.values[field] ?? null])),
    },
    after: { ...extra?.after, ...applied },
    undoOf: undoOf ?? null,
  });
}

/** A trip as an edit finds it: its name, dates, transport mode and image merge. */
export function tripRecord(trip: TripRow) {
  return {
    tripId: trip.id,
    kind: 'trip' as const,
    id: trip.id,
    version: trip.version,
    label: trip.tripName,
    values: {
      tripName: trip.tripName,
      transportMode: trip.transportMode,
      startDate: trip.startDate,
      endDate: trip.endDate,
      image: trip.imageOriginal,
    },
  };
}
