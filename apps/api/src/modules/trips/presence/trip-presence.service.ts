import { PRESENCE_WINDOW_MS, type TripPresence } from '@tripcrew/contracts/trip-presence';
import type { Db } from '../../../db/client.ts';
import { publicFileUrl } from '../../../platform/storage.ts';
import { findUserCards } from '../../users/index.ts';
import { readAccess } from '../core/trip-access.ts';
import { memberIdsOf, type TripContext, tripChanged } from '../core/trip-context.ts';
import {
  deletePresence,
  deleteStalePresence,
  findPresence,
  findPresentRows,
  type TripPresenceRow,
  upsertPresence,
} from './trip-presence.repository.ts';

/**
 * Live presence (issue 35): who has the trip page open now, and which item each is editing. Every
 * member, viewer included, announces and reads it ('trip.read': it tells no more than the member
 * list does). A heartbeat younger than PRESENCE_WINDOW_MS counts; older rows simply stop counting
 * (and each write clears them away). A heartbeat or a leave that changes what the others see (who
 * is here, what they edit) tells the OTHER members live (trip frame, change 'presence'); a plain
 * heartbeat tells nobody. Presence is not a trip write: it never locks the trip row.
 */
export function createTripPresenceService(ctx: TripContext) {
  const { db } = ctx;
  const windowStart = (now: Date) => new Date(now.getTime() - PRESENCE_WINDOW_MS);
  const counts = (row: TripPresenceRow | undefined, now: Date): row is TripPresenceRow =>
    row !== undefined && row.seenAt >= windowStart(now);

  /** The members present now but the caller, with name and picture. */
  async function others(conn: Db, tripId: string, userId: string, now: Date): Promise<TripPresence> {
    const rows = (await findPresentRows(conn, tripId, windowStart(now))).filter((r) => r.userId !== userId);
    const cards = await findUserCards(
      conn,
      rows.map((r) => r.userId),
    );
    return rows.flatMap((row) => {
      const card = cards.get(row.userId);
      if (!card) return [];
      return [
        {
          _id: row.userId,
          name: card.name,
          lastName: card.lastName,
          image: { thumbnail: card.imageThumbnail ? publicFileUrl(card.imageThumbnail) : null },
          editing: row.editing,
          seenAt: row.seenAt.toISOString(),
        },
      ];
    });
  }

  /** Tells the other members (not the caller) that who is here, or what they edit, changed. */
  async function tellOthers(tripId: string, userId: string): Promise<void> {
    const memberIds = (await memberIdsOf(db, tripId)).filter((id) => id !== userId);
    if (memberIds.length > 0) await ctx.emit(tripChanged(tripId, userId, memberIds, 'presence'));
  }

  return {
    async list(userId: string, tripId: string): Promise<TripPresence> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      return others(db, trip.id, userId, ctx.now());
    },

    /** The heartbeat: the caller is here now, editing `editing` (null: nothing). Answers the others. */
    async announce(userId: string, tripId: string, editing: string | null): Promise<TripPresence> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      const now = ctx.now();
      const before = await findPresence(db, trip.id, userId);
      await deleteStalePresence(db, trip.id, windowStart(now));
      await upsertPresence(db, { tripId: trip.id, userId, editing, seenAt: now });
      if (!counts(before, now) || before.editing !== editing) await tellOthers(trip.id, userId);
      return others(db, trip.id, userId, now);
    },

    /** Leaving the page: the caller is here no more. */
    async leave(userId: string, tripId: string): Promise<void> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      const now = ctx.now();
      const before = await findPresence(db, trip.id, userId);
      if ((await deletePresence(db, trip.id, userId)) && counts(before, now)) {
        await tellOthers(trip.id, userId);
      }
    },
  };
}

export type TripPresenceService = ReturnType<typeof createTripPresenceService>;
