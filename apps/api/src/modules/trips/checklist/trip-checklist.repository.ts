import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { checklistEntries, tripMembers } from '../core/trips.table.ts';

/** SQL of the personal checklists: each member's own ticked entries of a trip, in order. */

const entriesOf = (tripId: string, userId: string) =>
  and(eq(checklistEntries.tripId, tripId), eq(checklistEntries.userId, userId));

export async function findChecklist(db: Db, tripId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ entry: checklistEntries.entry })
    .from(checklistEntries)
    .where(entriesOf(tripId, userId))
    .orderBy(asc(checklistEntries.position));
  return rows.map((r) => r.entry);
}

export async function replaceChecklist(
  db: Db,
  tripId: string,
  userId: string,
  entries: string[],
): Promise<void> {
  await db.delete(checklistEntries).where(entriesOf(tripId, userId));
  if (entries.length === 0) return;
  await db
    .insert(checklistEntries)
    .values(entries.map((entry, position) => ({ tripId, userId, entry, position })));
}

const memberOf = (tripId: string, userId: string) =>
  and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId));

/** The version of the member's checklist (1 before its first change). */
export async function findChecklistVersion(db: Db, tripId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: tripMembers.checklistVersion })
    .from(tripMembers)
    .where(memberOf(tripId, userId));
  return row?.version ?? 1;
}

/** Raises the version of the member's checklist by one; answers the new one. */
export async function raiseChecklistVersion(db: Db, tripId: string, userId: string): Promise<number> {
  const [row] = await db
    .update(tripMembers)
    .set({ checklistVersion: sql`${tripMembers.checklistVersion} + 1` })
    .where(memberOf(tripId, userId))
    .returning({ version: tripMembers.checklistVersion });
  return row?.version ?? 1;
}
