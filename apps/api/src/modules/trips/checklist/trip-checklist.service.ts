import { CHECKLIST_MAX_ENTRIES } from '@tripcrew/contracts/trips';
import { badRequest, versionConflict } from '../../../platform/errors.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import {
  findChecklist,
  findChecklistVersion,
  raiseChecklistVersion,
  replaceChecklist,
} from './trip-checklist.repository.ts';

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

/** A member's own ticked entries, latest last, and the list's version. */
interface Checklist {
  entries: string[];
  version: number;
}

/** Each member's own ticked checklist entries (personal: others never see them). */
export function createTripChecklistService(ctx: TripContext) {
  const { db } = ctx;
  return {
    async checklist(userId: string, tripId: string): Promise<Checklist> {
      const { trip } = await readAccess(db, userId, tripId, 'checklist.own');
      return {
        entries: await findChecklist(db, trip.id, userId),
        version: await findChecklistVersion(db, trip.id, userId),
      };
    },

    /**
     * Ticks and unticks entries of the caller's own list as it is now (a device that was offline
     * sends what it changed, and ticks made meanwhile on another device stay); ticked entries go
     * last, latest last. Answers the whole list.
     */
    async changeChecklist(
      userId: string,
      tripId: string,
      change: { tick: readonly string[]; untick: readonly string[] },
    ): Promise<Checklist> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'checklist.own');
        const now = await findChecklist(tx, trip.id, userId);
        // Ticking what is ticked already keeps its place: only new ticks go last.
        const ordered = [
          ...now.filter((entry) => !change.untick.includes(entry)),
          ...dedupeKeepLast(change.tick).filter((entry) => !now.includes(entry)),
        ];
        if (ordered.length > CHECKLIST_MAX_ENTRIES) {
          throw badRequest(`A checklist holds at most ${CHECKLIST_MAX_ENTRIES} ticked entries.`, 'tick');
        }
        if (ordered.join('\n') === now.join('\n'))
          return { entries: now, version: await findChecklistVersion(tx, trip.id, userId) };
        await replaceChecklist(tx, trip.id, userId, ordered);
        return { entries: ordered, version: await raiseChecklistVersion(tx, trip.id, userId) };
      });
    },

    /**
     * Replaces the caller's own entries (duplicates: the last occurrence wins, latest last). From
     * an older `version` it is a 409 with the list as it is now: a whole list from a stale device
     * would untick what was ticked since (PATCH sends a change instead).
     */
    async saveChecklist(
      userId: string,
      tripId: string,
      entries: string[],
      baseVersion?: number,
    ): Promise<Checklist> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'checklist.own');
        const version = await findChecklistVersion(tx, trip.id, userId);
        if (baseVersion !== undefined && baseVersion > version) {
          throw badRequest(
            `This list starts from version ${baseVersion}, but the newest is ${version}: reload and try again.`,
            'version',
          );
        }
        if (baseVersion !== undefined && baseVersion < version) {
          throw versionConflict('This checklist changed on another device while you were editing.', {
            kind: 'checklist',
            recordId: trip.id,
            version,
            fields: ['entries'],
            current: { entries: await findChecklist(tx, trip.id, userId), version },
            changedBy: null,
            changedAt: null,
          });
        }
        const kept = dedupeKeepLast(entries);
        await replaceChecklist(tx, trip.id, userId, kept);
        return { entries: kept, version: await raiseChecklistVersion(tx, trip.id, userId) };
      });
    },
  };
}

export type TripChecklistService = ReturnType<typeof createTripChecklistService>;
