import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from './auth.table.ts';

/**
 * The user's sign-ins (refresh-token families), one row each: when it started, when it was last
 * used (its newest token), its user agent, and whether it is still live. No token or hash.
 */
export async function findSessionsForExport(db: Db, userId: string) {
  const t = refreshTokens;
  return db
    .select({
      id: t.familyId,
      createdAt: sql<Date>`min(${t.createdAt})`.mapWith(t.createdAt),
      lastUsedAt: sql<Date>`max(${t.createdAt})`.mapWith(t.createdAt),
      expiresAt: sql<Date>`max(${t.expiresAt})`.mapWith(t.expiresAt),
      revokedAt: sql<Date | null>`max(${t.revokedAt})`.mapWith(t.revokedAt),
      userAgent: sql<string | null>`(array_agg(${t.userAgent} order by ${t.createdAt} desc))[1]`,
      live: sql<boolean>`bool_or(${t.rotatedAt} is null and ${t.revokedAt} is null and ${t.expiresAt} > now())`,
    })
    .from(t)
    .where(eq(t.userId, userId))
    .groupBy(t.familyId)
    .orderBy(asc(sql`min(${t.createdAt})`));
}
