import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crewLinks, crewRequests } from './crew.table.ts';

/** The user's crew links (one row per member) and the pending requests they sent or received. */
export async function findCrewOfUserForExport(db: Db, userId: string) {
  const links = await db
    .select({ friendId: crewLinks.friendId, createdAt: crewLinks.createdAt })
    .from(crewLinks)
    .where(eq(crewLinks.userId, userId))
    .orderBy(asc(crewLinks.createdAt));
  const requests = await db
    .select()
    .from(crewRequests)
    .where(or(eq(crewRequests.fromUserId, userId), eq(crewRequests.toUserId, userId)))
    .orderBy(asc(crewRequests.createdAt));
  return { links, requests };
}
