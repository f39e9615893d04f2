import type { TripRole } from '@tripcrew/contracts/trips';
import { and, asc, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.ts';
import { tripMembers } from '../core/trips.table.ts';

/** SQL of trip members (the people themselves come from the users module). */

export interface MemberRow {
  tripId: string;
  userId: string;
  role: TripRole;
  /** 1 for the earliest joined, the same number for members who joined together (one insert). */
  joinOrder: number;
}

const memberIs = (tripId: string, userId: string) =>
  and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId));

/** The members of these trips, earliest joined first (names are sorted in by the caller). */
export async function findMembersOfTrips(db: Db, tripIds: string[]): Promise<MemberRow[]> {
  if (tripIds.length === 0) return [];
  return db
    .select({
      tripId: tripMembers.tripId,
      userId: tripMembers.userId,
      role: tripMembers.role,
      joinOrder: sql<number>`dense_rank() over (order by ${tripMembers.createdAt})`.mapWith(Number),
    })
    .from(tripMembers)
    .where(inArray(tripMembers.tripId, tripIds))
    .orderBy(asc(tripMembers.createdAt), asc(tripMembers.userId));
}

export async function findMemberRole(db: Db, tripId: string, userId: string): Promise<TripRole | null> {
  const rows = await db
    .select({ role: tripMembers.role })
    .from(tripMembers)
    .where(memberIs(tripId, userId))
    .limit(1);
  return rows[0]?.role ?? null;
}

export async function insertMembers(
  db: Db,
  rows: Array<{ tripId: string; userId: string; role: TripRole }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(tripMembers).values(rows);
}

export async function updateMemberRole(
  db: Db,
  tripId: string,
  userId: string,
  role: TripRole,
): Promise<void> {
  await db.update(tripMembers).set({ role }).where(memberIs(tripId, userId));
}

export async function deleteMember(db: Db, tripId: string, userId: string): Promise<void> {
  await db.delete(tripMembers).where(memberIs(tripId, userId));
}

export async function countMembers(db: Db, tripId: string): Promise<{ all: number; admins: number }> {
  const rows = await db
    .select({
      all: count(),
      admins: sql<number>`count(*) filter (where ${tripMembers.role} = 'admin')`.mapWith(Number),
    })
    .from(tripMembers)
    .where(eq(tripMembers.tripId, tripId));
  return { all: rows[0]?.all ?? 0, admins: rows[0]?.admins ?? 0 };
}

/**
 * SQL (a subquery): the ids of the trips `userId` is a member of, any role, for one-statement
 * reads elsewhere (the chats module lists the trip chats of the caller with it).
 */
export function tripIdsOfMemberSql(userId: SQLWrapper): SQL<string> {
  return sql<string>`(select ${tripMembers.tripId} from ${tripMembers} where ${tripMembers.userId} = ${userId})`;
}

/**
 * SQL (a subquery): when `userId` became a member of `tripId` (null: not a member). A trip
 * chat's unread count starts there, so a new member is not shown the earlier talk as unread.
 */
export function memberSinceSql(tripId: SQLWrapper, userId: SQLWrapper): SQL<Date | null> {
  return sql<Date | null>`(select ${tripMembers.createdAt} from ${tripMembers} where ${tripMembers.tripId} = ${tripId} and ${tripMembers.userId} = ${userId})`;
}

/**
 * SQL (a derived table): every membership as (trip_id, user_id, member_since), for reads that
 * go over all members of all trips (the unread-messages digest).
 */
export function tripMembershipsSql(): SQL {
  return sql`(select ${tripMembers.tripId} as trip_id, ${tripMembers.userId} as user_id, ${tripMembers.createdAt} as member_since from ${tripMembers})`;
}

/**
 * SQL (a scalar subquery): the role of `userId` in the trip `tripId` (null: not a member), for
 * one-statement reads elsewhere (the chat list says with it whether the caller may write). A
 * column of the outer query must be passed qualified (`outer(column)`).
 */
export function memberRoleSql(tripId: SQLWrapper, userId: SQLWrapper): SQL<TripRole | null> {
  return sql<TripRole | null>`(select ${tripMembers.role} from ${tripMembers} where ${tripMembers.tripId} = ${tripId} and ${tripMembers.userId} = ${userId})`;
}

/**
 * The trips where `userId` is the only admin, locked until the transaction ends when `lock`
 * (account deletion: each needs a new admin or goes with the account), oldest membership first.
 */
export async function findSoleAdminTripIds(db: Db, userId: string, lock: boolean): Promise<string[]> {
  const rows = await queryRows<{ trip_id: string }>(
    db,
    sql`select t.id as trip_id from trips t
      join ${tripMembers} m on m.trip_id = t.id and m.user_id = ${userId} and m.role = 'admin'
      where not exists (select 1 from ${tripMembers} o
        where o.trip_id = t.id and o.role = 'admin' and o.user_id <> ${userId})
      order by m.created_at, t.id
      ${lock ? sql`for update of t` : sql``}`,
  );
  return rows.map((row) => row.trip_id);
}
