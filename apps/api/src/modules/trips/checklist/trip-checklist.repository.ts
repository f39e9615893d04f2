import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { checklistEntries } from '../core/trips.table.ts';

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
