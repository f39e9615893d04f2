import { isUuid } from '@tripcrew/contracts/common';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findFirst, firstRow } from '../../db/find-value.ts';
import { crewLinks, crewRequests, type CrewRequestRow } from './crew.table.ts';

/**
 * The ids among `ids` that are not in `userId`'s crew (unknown users and malformed ids
 * included), in the order given, without duplicates.
 */
export async function findUsersNotInCrew(db: Db, userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const candidates = unique.filter(isUuid);
  const found =
    candidates.length === 0 || !isUuid(userId)
      ? []
      : await db
          .select({ friendId: crewLinks.friendId })
          .from(crewLinks)
          .where(and(eq(crewLinks.userId, userId), inArray(crewLinks.friendId, candidates)));
  const inCrew = new Set(found.map((row) => row.friendId.toLowerCase()));
  return unique.filter((id) => !inCrew.has(id.toLowerCase()));
}

/** Puts a and b in each other's crew (both directions; already linked pairs are left alone). */
export async function addCrewPair(db: Db, a: string, b: string): Promise<void> {
  await db
    .insert(crewLinks)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

// ---------------------------------------------------------------- relations

/** How `userId` stands with another person (see CrewSearchResult.status). */
export interface Relation {
  friend: boolean;
  /** The user asked them. */
  pending: boolean;
  /** They asked the user. */
  incoming: boolean;
}

/** How `userId` stands with each of `ids` (links and pending requests, either way), batched. */
export async function findRelations(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, Relation>> {
  const relations = new Map(ids.map((id) => [id, { friend: false, pending: false, incoming: false }]));
  if (ids.length === 0) return relations;
  const others = [...ids];
  const [links, requests] = await Promise.all([
    db
      .select({ friendId: crewLinks.friendId })
      .from(crewLinks)
      .where(and(eq(crewLinks.userId, userId), inArray(crewLinks.friendId, others))),
    db
      .select({ fromUserId: crewRequests.fromUserId, toUserId: crewRequests.toUserId })
      .from(crewRequests)
      .where(
        or(
          and(eq(crewRequests.fromUserId, userId), inArray(crewRequests.toUserId, others)),
          and(eq(crewRequests.toUserId, userId), inArray(crewRequests.fromUserId, others)),
        ),
      ),
  ]);
  for (const link of links) {
    const relation = relations.get(link.friendId);
    if (relation) relation.friend = true;
  }
  for (const request of requests) {
    const asked = request.fromUserId === userId;
    const relation = relations.get(asked ? request.toUserId : request.fromUserId);
    if (relation && asked) relation.pending = true;
    else if (relation) relation.incoming = true;
  }
  return relations;
}

/**
 * SQL for one value: whether `friendId` is in `userId`'s crew. For statements of other modules
 * that must check it in the same round trip (a direct message, MSG-04).
 */
export function inCrewSql(userId: string, friendId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${crewLinks} where ${crewLinks.userId} = ${userId} and ${crewLinks.friendId} = ${friendId})`;
}

// ---------------------------------------------------------------- crew links

export async function isInCrew(db: Db, userId: string, friendId: string): Promise<boolean> {
  const rows = await db
    .select({ friendId: crewLinks.friendId })
    .from(crewLinks)
    .where(and(eq(crewLinks.userId, userId), eq(crewLinks.friendId, friendId)))
    .limit(1);
  return rows.length > 0;
}

/** The ids of the user's crew (in no particular order). */
export async function findCrewIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ friendId: crewLinks.friendId })
    .from(crewLinks)
    .where(eq(crewLinks.userId, userId));
  return rows.map((row) => row.friendId);
}

/** Deletes the pair in both directions; resolves to the number of rows deleted (0 or 2). */
export async function removeCrewPair(db: Db, a: string, b: string): Promise<number> {
  const rows = await db
    .delete(crewLinks)
    .where(
      or(
        and(eq(crewLinks.userId, a), eq(crewLinks.friendId, b)),
        and(eq(crewLinks.userId, b), eq(crewLinks.friendId, a)),
      ),
    )
    .returning({ userId: crewLinks.userId });
  return rows.length;
}

// ---------------------------------------------------------------- crew requests

/** The pending request `fromUserId` sent to `toUserId`, if any. */
export const findRequestBetween = (db: Db, fromUserId: string, toUserId: string) =>
  findFirst(
    db,
    crewRequests,
    and(eq(crewRequests.fromUserId, fromUserId), eq(crewRequests.toUserId, toUserId)),
  );

/** Inserts the request, or resolves to undefined when the pair already has one. */
export function insertRequest(
  db: Db,
  fromUserId: string,
  toUserId: string,
): Promise<CrewRequestRow | undefined> {
  return firstRow(db.insert(crewRequests).values({ fromUserId, toUserId }).onConflictDoNothing().returning());
}

export const findRequest = (db: Db, id: string) => findFirst(db, crewRequests, eq(crewRequests.id, id));

/** Deletes the request; resolves to false when it was already gone. */
export async function deleteRequest(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(crewRequests)
    .where(eq(crewRequests.id, id))
    .returning({ id: crewRequests.id });
  return rows.length > 0;
}

/** A pending request and the other person in it. */
export interface RequestWithPerson {
  id: string;
  createdAt: Date;
  personId: string;
}

/**
 * Requests the user received (`incoming`, with the sender) or sent (`outgoing`, with the
 * receiver), newest first.
 */
export async function findRequestsOf(
  db: Db,
  userId: string,
  direction: 'incoming' | 'outgoing',
): Promise<RequestWithPerson[]> {
  const incoming = direction === 'incoming';
  return db
    .select({
      id: crewRequests.id,
      createdAt: crewRequests.createdAt,
      personId: incoming ? crewRequests.fromUserId : crewRequests.toUserId,
    })
    .from(crewRequests)
    .where(eq(incoming ? crewRequests.toUserId : crewRequests.fromUserId, userId))
    .orderBy(desc(crewRequests.createdAt), desc(crewRequests.id));
}
