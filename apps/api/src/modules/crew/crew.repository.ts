import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../users/users.table.ts';
import { crewLinks, crewRequests, type CrewRequestRow } from './crew.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids among `ids` that are not in `userId`'s crew (unknown users and malformed ids
 * included), in the order given, without duplicates.
 */
export async function findUsersNotInCrew(db: Db, userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const candidates = unique.filter((id) => UUID.test(id));
  const found =
    candidates.length === 0 || !UUID.test(userId)
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

// ---------------------------------------------------------------- people

/** The columns a CrewUser needs (see toCrewUser in crew.service.ts). */
const personColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  imageOriginal: users.imageOriginal,
  imageThumbnail: users.imageThumbnail,
};
export type PersonRow = Pick<UserRow, 'id' | 'name' | 'lastName' | 'imageOriginal' | 'imageThumbnail'>;

export interface SearchRow extends PersonRow {
  friend: boolean;
  /** The searcher asked them. */
  pending: boolean;
  /** They asked the searcher. */
  incoming: boolean;
}

/**
 * Confirmed users other than `userId` whose name, last name, email or phone contains `term`
 * (case-insensitive; a phone also matches on its digits alone), by name. `term` holds letters
 * and digits only, so it needs no LIKE escaping.
 */
export async function searchPeople(
  db: Db,
  userId: string,
  term: string,
  limit: number,
): Promise<SearchRow[]> {
  const pattern = `%${term}%`;
  // Left joins (each matches at most one row: crew_links and crew_requests are unique per pair)
  // rather than correlated subqueries, so that every column is qualified by its table.
  const asked = alias(crewRequests, 'asked');
  const asking = alias(crewRequests, 'asking');
  return db
    .select({
      ...personColumns,
      friend: sql<boolean>`${crewLinks.friendId} is not null`,
      pending: sql<boolean>`${asked.id} is not null`,
      incoming: sql<boolean>`${asking.id} is not null`,
    })
    .from(users)
    .leftJoin(crewLinks, and(eq(crewLinks.userId, userId), eq(crewLinks.friendId, users.id)))
    .leftJoin(asked, and(eq(asked.fromUserId, userId), eq(asked.toUserId, users.id)))
    .leftJoin(asking, and(eq(asking.fromUserId, users.id), eq(asking.toUserId, userId)))
    .where(
      and(
        ne(users.id, userId),
        isNotNull(users.emailVerifiedAt),
        or(
          ilike(users.name, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
          sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${pattern}`,
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/**
 * Locks the rows of the given users (in id order, so two transactions never deadlock) until the
 * transaction ends: every change between two people serialises on their rows. Resolves to the
 * ids that exist. FOR NO KEY UPDATE leaves inserts that only reference the users unblocked.
 */
export async function lockPeople(db: Db, ids: readonly string[]): Promise<PersonRow[]> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(asc(users.id))
    .for('no key update');
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

/** The user's crew, by name. */
export async function findCrew(db: Db, userId: string): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(crewLinks)
    .innerJoin(users, eq(users.id, crewLinks.friendId))
    .where(eq(crewLinks.userId, userId))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
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

export async function findRequestBetween(
  db: Db,
  fromUserId: string,
  toUserId: string,
): Promise<CrewRequestRow | undefined> {
  const rows = await db
    .select()
    .from(crewRequests)
    .where(and(eq(crewRequests.fromUserId, fromUserId), eq(crewRequests.toUserId, toUserId)))
    .limit(1);
  return rows[0];
}

/** Inserts the request, or resolves to undefined when the pair already has one. */
export async function insertRequest(
  db: Db,
  fromUserId: string,
  toUserId: string,
): Promise<CrewRequestRow | undefined> {
  const rows = await db
    .insert(crewRequests)
    .values({ fromUserId, toUserId })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function findRequest(db: Db, id: string): Promise<CrewRequestRow | undefined> {
  const rows = await db.select().from(crewRequests).where(eq(crewRequests.id, id)).limit(1);
  return rows[0];
}

/** Deletes the request; resolves to false when it was already gone. */
export async function deleteRequest(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(crewRequests)
    .where(eq(crewRequests.id, id))
    .returning({ id: crewRequests.id });
  return rows.length > 0;
}

export interface RequestWithPerson {
  id: string;
  createdAt: Date;
  person: PersonRow;
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
  const rows = await db
    .select({ requestId: crewRequests.id, requestedAt: crewRequests.createdAt, ...personColumns })
    .from(crewRequests)
    .innerJoin(users, eq(users.id, incoming ? crewRequests.fromUserId : crewRequests.toUserId))
    .where(eq(incoming ? crewRequests.toUserId : crewRequests.fromUserId, userId))
    .orderBy(desc(crewRequests.createdAt), desc(crewRequests.id));
  return rows.map(({ requestId, requestedAt, ...person }) => ({
    id: requestId,
    createdAt: requestedAt,
    person,
  }));
}
