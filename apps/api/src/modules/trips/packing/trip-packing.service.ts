import { isUuid } from '@tripcrew/contracts/common';
import { PACKING_MAX_ITEMS, type PackingItem } from '@tripcrew/contracts/trip-packing';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { findUserCards } from '../../users/index.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import { findMemberRole } from '../members/trip-members.repository.ts';
import {
  countPackingItems,
  deletePackingItem,
  findPackingItem,
  findPackingItems,
  insertPackingItem,
  updatePackingItem,
} from './trip-packing.repository.ts';
import type { PackingItemRow } from '../core/trips.table.ts';
import {
  labelOf,
  mergeEdit,
  recordArrival,
  recordEdit,
  type EditedRecord,
} from '../history/record-versions.ts';

const NO_ITEM = 'This item is not on the packing list of this trip.';
const NOT_MEMBER = 'Only a member of the trip can bring an item: pick someone from the trip.';
const VIEWER_ASSIGNEE = 'A viewer follows the trip without travelling: pick someone who travels to bring it.';

/** An item as an edit finds it (decision 035): its text, who brings it and its tick merge. */
export function packingRecord(
  item: PackingItemRow,
): EditedRecord<{ text: string; assignedTo: string | null; done: boolean }> {
  return {
    tripId: item.tripId,
    kind: 'packing-item',
    id: item.id,
    version: item.version,
    label: labelOf(item.text),
    values: { text: item.text, assignedTo: item.assignedTo, done: item.done },
  };
}

/**
 * The history entry of an item that came onto the list ('added', or 'restored' by an undo) or left
 * it ('removed'): its fields after, or before, the change.
 */
export async function recordPackingItem(
  tx: Db,
  userId: string,
  item: PackingItemRow,
  action: 'added' | 'restored' | 'removed',
  undoOf?: string,
): Promise<void> {
  await recordArrival(tx, userId, packingRecord(item), action, undoOf);
}

/**
 * The shared packing list: every member reads it, viewers included (it is part of the trip: the
 * items, who brings them, as named in the member list, and the ticks); every participant (all roles
 * but viewer) adds items, assigns them to a member, ticks them for everyone and removes them. Each
 * change is announced live to every member, viewers included (trip frame, change 'packing').
 */
export function createTripPackingService(ctx: TripContext) {
  const { db } = ctx;

  async function view(conn: Db, rows: readonly PackingItemRow[]): Promise<PackingItem[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.assignedTo ? [r.assignedTo] : [])))];
    const cards = await findUserCards(conn, ids);
    return rows.map((r) => {
      const card = r.assignedTo ? cards.get(r.assignedTo) : undefined;
      return {
        _id: r.id,
        text: r.text,
        assignedTo: card ? { _id: card.id, name: `${card.name} ${card.lastName}`.trim() } : null,
        done: r.done,
        createdBy: r.createdBy,
        createdAt: r.createdAt.toISOString(),
        version: r.version,
      };
    });
  }

  async function checkAssignee(tx: Db, tripId: string, assignedTo: string | null): Promise<string | null> {
    if (assignedTo === null) return null;
    const role = isUuid(assignedTo) ? await findMemberRole(tx, tripId, assignedTo) : null;
    if (role === null) throw badRequest(NOT_MEMBER, 'assignedTo');
    // A viewer does not travel and cannot tick: nobody counts on them to bring something.
    if (role === 'viewer') throw badRequest(VIEWER_ASSIGNEE, 'assignedTo');
    return assignedTo.toLowerCase();
  }

  async function itemOf(tx: Db, tripId: string, itemId: string): Promise<PackingItemRow> {
    const item = isUuid(itemId) ? await findPackingItem(tx, tripId, itemId) : undefined;
    if (!item) throw notFound(NO_ITEM);
    return item;
  }

  return {
    async list(userId: string, tripId: string): Promise<PackingItem[]> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      return view(db, await findPackingItems(db, trip.id));
    },

    async add(
      userId: string,
      tripId: string,
      body: { _id?: string | undefined; text: string; assignedTo: string | null },
    ): Promise<PackingItem[]> {
      return ctx.changeTrip(userId, 'packing', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'packing.edit');
        if ((await countPackingItems(tx, trip.id)) >= PACKING_MAX_ITEMS) {
          throw badRequest(`A packing list has at most ${PACKING_MAX_ITEMS} items.`, 'text');
        }
        const assignedTo = await checkAssignee(tx, trip.id, body.assignedTo);
        const item = await insertPackingItem(tx, {
          ...(body._id ? { id: body._id } : {}),
          tripId: trip.id,
          text: body.text,
          assignedTo,
          createdBy: userId,
        });
        if (!item) throw conflict('A packing item with this id already exists.');
        await recordPackingItem(tx, userId, item, 'added');
        return { tripId: trip.id, value: await view(tx, await findPackingItems(tx, trip.id)) };
      });
    },

    async update(
      userId: string,
      tripId: string,
      itemId: string,
      body: {
        text?: string | undefined;
        assignedTo?: string | null | undefined;
        done?: boolean | undefined;
        version?: number | undefined;
      },
    ): Promise<PackingItem[]> {
      return ctx.changeTrip(userId, 'packing', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'packing.edit');
        const item = await itemOf(tx, trip.id, itemId);
        const record = packingRecord(item);
        const changes = {
          text: body.text,
          done: body.done,
          assignedTo:
            body.assignedTo !== undefined ? await checkAssignee(tx, trip.id, body.assignedTo) : undefined,
        };
        const applied = await mergeEdit(tx, record, changes, body.version, userId);
        if (Object.keys(applied).length > 0) {
          await updatePackingItem(tx, item.id, applied);
          await recordEdit(tx, userId, record, applied);
        }
        return { tripId: trip.id, value: await view(tx, await findPackingItems(tx, trip.id)) };
      });
    },

    async remove(userId: string, tripId: string, itemId: string): Promise<void> {
      await ctx.changeTrip(userId, 'packing', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'packing.edit');
        const item = await itemOf(tx, trip.id, itemId);
        await deletePackingItem(tx, item.id);
        await recordPackingItem(tx, userId, item, 'removed');
        return { tripId: trip.id, value: undefined };
      });
    },
  };
}

export type TripPackingService = ReturnType<typeof createTripPackingService>;
