import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryKind } from '@tripcrew/contracts/trip-history';
import type { Db } from '../../../db/client.ts';
import { tripActivity, type TripActivityRow } from '../core/trips.table.ts';

/** SQL of the trip's history (decision 035). */

export type NewActivity = Omit<
  TripActivityRow,
  'id' | 'createdAt' | 'undoOf' | 'label' | 'fields' | 'audience'
> & {
  undoOf?: string | null;
  audience?: string[] | null;
  label?: string;
  fields?: string[];
};

export async function insertActivity(db: Db, row: NewActivity): Promise<string> {
  const [inserted] = await db.insert(tripActivity).values(row).returning({ id: tripActivity.id });
  return inserted?.id ?? '';
}

/**
 * The changes of one record after `version` (oldest first): the fields they touched and who made
 * them, so an edit that started from `version` learns what changed under it.
 */
export function findChangesSince(
  db: Db,
  tripId: string,
  recordId: string,
  version: number,
): Promise<Pick<TripActivityRow, 'fields' | 'actorId' | 'createdAt'>[]> {
  return db
    .select({ fields: tripActivity.fields, actorId: tripActivity.actorId, createdAt: tripActivity.createdAt })
    .from(tripActivity)
    .where(
      and(
        eq(tripActivity.tripId, tripId),
        eq(tripActivity.recordId, recordId),
        gt(tripActivity.version, version),
      ),
    )
    .orderBy(tripActivity.createdAt, tripActivity.version);
}

export interface ActivityFilter {
  person?: string | undefined;
  kind?: HistoryKind | undefined;
  /** Entries older than this one. */
  before?: TripActivityRow | undefined;
  /** Only the entries this person reads: those for everyone, and those whose audience names them. */
  readBy?: string | undefined;
  limit: number;
}

/** A page of the trip's history, newest first. */
export function findActivity(db: Db, tripId: string, filter: ActivityFilter): Promise<TripActivityRow[]> {
  const conditions: SQL[] = [eq(tripActivity.tripId, tripId)];
  if (filter.person) conditions.push(eq(tripActivity.actorId, filter.person));
  if (filter.kind) conditions.push(eq(tripActivity.kind, filter.kind));
  if (filter.readBy)
    conditions.push(
      sql`(${tripActivity.audience} is null or ${filter.readBy}::uuid = any(${tripActivity.audience}))`,
    );
  if (filter.before) {
    const { createdAt, id } = filter.before;
    conditions.push(
      or(
        lt(tripActivity.createdAt, createdAt),
        and(eq(tripActivity.createdAt, createdAt), lt(tripActivity.id, id)),
      ) as SQL,
    );
  }
  return db
    .select()
    .from(tripActivity)
    .where(and(...conditions))
    .orderBy(desc(tripActivity.createdAt), desc(tripActivity.id))
    .limit(filter.limit);
}

export async function findActivityEntry(
  db: Db,
  tripId: string,
  entryId: string,
): Promise<TripActivityRow | undefined> {
  const rows = await db
    .select()
    .from(tripActivity)
    .where(and(eq(tripActivity.tripId, tripId), eq(tripActivity.id, entryId)))
    .limit(1);
  return rows[0];
}

/** Of these entries, the ids that were undone (an undo of them exists). */
export async function findUndone(db: Db, tripId: string, entryIds: readonly string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .select({ undoOf: tripActivity.undoOf })
    .from(tripActivity)
    .where(and(eq(tripActivity.tripId, tripId), inArray(tripActivity.undoOf, [...entryIds])));
  return new Set(rows.flatMap((row) => (row.undoOf ? [row.undoOf] : [])));
}

/** The entries a user made in any trip (their data export), oldest first. */
export function findActivityBy(db: Db, userId: string): Promise<TripActivityRow[]> {
  return db
    .select()
    .from(tripActivity)
    .where(eq(tripActivity.actorId, userId))
    .orderBy(tripActivity.createdAt, sql`${tripActivity.id}`);
}

/**
 * A column's JSON with every value equal to `userId` emptied (null), and the id taken out of the
 * lists kept as text (a booking's travellers, "id1,id2").
 */
const withoutUser = (column: SQL, userId: string) =>
  sql`(select jsonb_object_agg(key, case when value = to_jsonb(${userId}::text) then 'null'::jsonb when jsonb_typeof(value) = 'string' and strpos(value #>> '{}', ${userId}::text) > 0 then to_jsonb(trim(both ',' from regexp_replace(value #>> '{}', ',?' || ${userId}::text, '', 'g'))) else value end) from jsonb_each(${column}))`;

/**
 * An account goes: the history keeps what happened, without the person — their id leaves the
 * values before and after (an item they were to bring) and the audiences of payments, as
 * `actor_id` empties by its foreign key.
 */
export async function forgetUserInActivity(db: Db, userId: string): Promise<void> {
  const id = userId.toLowerCase();
  const before = sql`${tripActivity.before}`;
  const after = sql`${tripActivity.after}`;
  await db
    .update(tripActivity)
    // A removed payment's whole record (kept for its undo) goes with the person.
    .set({ before: withoutUser(sql`(${before} - 'record')`, id), after: withoutUser(after, id) })
    .where(sql`strpos(coalesce(${before}::text, '') || coalesce(${after}::text, ''), ${id}) > 0`);
  await db
    .update(tripActivity)
    .set({ audience: sql`array_remove(${tripActivity.audience}, ${id}::uuid)` })
    .where(sql`${id}::uuid = any(${tripActivity.audience})`);
}
