import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crewLinks } from './crew.table.ts';

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
