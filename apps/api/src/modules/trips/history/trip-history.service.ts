import { isUuid } from '@tripcrew/contracts/common';
import type { HistoryEntry, HistoryKind, HistoryPage } from '@tripcrew/contracts/trip-history';
import { TRIP_EDITOR_ROLES } from '@tripcrew/contracts/constants';
import type { TripRole } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { findUserCards } from '../../users/index.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import type { MoneyUndo, TripChange, TripContext } from '../core/trip-context.ts';
import { assertTripAccess, can, mayUndo, UNDO_REFUSED, type TripAction } from '../core/trips.policy.ts';
import type { TripActivityRow } from '../core/trips.table.ts';
import { applyUndo, MONEY_KINDS, undoable } from './trip-history-undo.ts';
import { findActivity, findActivityEntry, findUndone } from './trip-history.repository.ts';

const NO_ENTRY = 'This change is not in the history of this trip.';

/** The permission a kind of record is edited with: an undo needs it too. */
const EDIT_ACTION: Record<HistoryKind, TripAction> = {
  trip: 'trip.edit',
  'trip-feature': 'features.edit',
  'planner-item': 'planner.edit',
  'packing-item': 'packing.edit',
  'trip-place': 'places.edit',
  booking: 'bookings.add',
  // Money is changed in the money tab, by its own rules; its entries are not undone here.
  expense: 'trip.edit',
  settlement: 'trip.edit',
  budget: 'trip.edit',
};

/** What an undo of a kind tells the members live (the trip frame's change). */
const LIVE_CHANGE: Record<HistoryKind, TripChange> = {
  trip: 'history',
  'trip-feature': 'features',
  'planner-item': 'planner',
  'packing-item': 'packing',
  'trip-place': 'places',
  booking: 'bookings',
  expense: 'expenses',
  settlement: 'expenses',
  budget: 'expenses',
};

/**
 * The person whose entries are narrowed to those they read: a guest, other or viewer reads the
 * money entries they are part of (a payment's audience); the travellers read all of them.
 */
const narrowedTo = (userId: string, role: TripRole): string | undefined =>
  TRIP_EDITOR_ROLES.includes(role) ? undefined : userId.toLowerCase();

const kindOf = (row: TripActivityRow): HistoryKind => row.kind as HistoryKind;

/** The entries as the API answers them, for a caller with `role`. */
async function views(
  conn: Db,
  rows: readonly TripActivityRow[],
  caller: { userId: string; role: TripRole },
  canBeUndone: (row: TripActivityRow) => boolean,
): Promise<HistoryEntry[]> {
  const tripId = rows[0]?.tripId;
  const undone = tripId
    ? await findUndone(
        conn,
        tripId,
        rows.map((row) => row.id),
      )
    : new Set<string>();
  const cards = await findUserCards(conn, [
    ...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : []))),
  ]);
  return rows.map((row) => {
    const card = row.actorId ? cards.get(row.actorId) : undefined;
    const isUndone = undone.has(row.id);
    return {
      _id: row.id,
      kind: kindOf(row),
      action: row.action as HistoryEntry['action'],
      recordId: row.recordId,
      label: row.label,
      fields: row.fields,
      before: row.before,
      after: row.after,
      by: card ? { _id: card.id, name: `${card.name} ${card.lastName}`.trim() } : null,
      createdAt: row.createdAt.toISOString(),
      undoOf: row.undoOf,
      undone: isUndone,
      canUndo:
        !isUndone &&
        canBeUndone(row) &&
        can(caller.role, EDIT_ACTION[kindOf(row)]) &&
        mayUndo(caller.role, caller.userId, row.actorId),
    };
  });
}

/**
 * The trip's history (decision 035): every member reads it, filtered by person and kind, newest
 * first; its author or an admin undoes a change (trip-history-undo.ts), live for everyone.
 */
export function createTripHistoryService(ctx: TripContext, undoMoney?: MoneyUndo) {
  const { db } = ctx;
  /** Whether an entry can be undone at all: money only when its module undoes it. */
  const canBeUndone = (row: TripActivityRow) =>
    (MONEY_KINDS.includes(row.kind) ? !!undoMoney : true) && undoable(row);
  return {
    async list(
      userId: string,
      tripId: string,
      query: {
        person?: string | undefined;
        kind?: HistoryKind | undefined;
        before?: string | undefined;
        limit: number;
      },
    ): Promise<HistoryPage> {
      const { trip, role } = await readAccess(db, userId, tripId, 'trip.read');
      const before =
        query.before && isUuid(query.before) ? await findActivityEntry(db, trip.id, query.before) : undefined;
      if (query.before && !before)
        throw badRequest('This page marker is not an entry of this trip.', 'before');
      if (query.person && !isUuid(query.person))
        throw badRequest('A person is named by their user id.', 'person');
      const rows = await findActivity(db, trip.id, {
        person: query.person?.toLowerCase(),
        kind: query.kind,
        before,
        readBy: narrowedTo(userId, role),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        entries: await views(db, page, { userId, role }, canBeUndone),
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async undo(userId: string, tripId: string, entryId: string): Promise<HistoryEntry> {
      if (!isUuid(entryId)) throw notFound(NO_ENTRY);
      // The kind (so the live change) is known once the entry is read; the write re-reads it locked.
      const { trip: readTrip, role: readRole } = await readAccess(db, userId, tripId, 'trip.read');
      const peek = await findActivityEntry(db, readTrip.id, entryId);
      const reader = narrowedTo(userId, readRole);
      if (!peek || (reader && peek.audience && !peek.audience.includes(reader))) throw notFound(NO_ENTRY);
      return ctx.changeTrip(userId, LIVE_CHANGE[kindOf(peek)], async (tx) => {
        const { trip, role } = await writeAccess(tx, userId, tripId, 'trip.read');
        const entry = await findActivityEntry(tx, trip.id, entryId);
        if (!entry) throw notFound(NO_ENTRY);
        assertTripAccess(role, EDIT_ACTION[kindOf(entry)]);
        if (!mayUndo(role, userId, entry.actorId)) throw forbidden(UNDO_REFUSED);
        if (!canBeUndone(entry)) throw badRequest('This change cannot be undone.');
        if ((await findUndone(tx, trip.id, [entry.id])).size > 0)
          throw conflict('This change was undone already.');
        if (undoMoney && MONEY_KINDS.includes(entry.kind)) await undoMoney(tx, userId, trip.id, entry);
        else await applyUndo(tx, userId, trip, entry);
        const [latest] = await findActivity(tx, trip.id, { limit: 1 });
        const [view] = await views(tx, latest ? [latest] : [], { userId, role }, canBeUndone);
        if (!view || view.undoOf !== entry.id) throw conflict('Nothing changed: it is already as it was.');
        return { tripId: trip.id, value: view };
      });
    },
  };
}

export type TripHistoryService = ReturnType<typeof createTripHistoryService>;
