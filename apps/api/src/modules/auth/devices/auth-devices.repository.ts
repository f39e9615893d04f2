import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { now } from '../auth.sql.ts';
import { refreshTokens } from '../auth.table.ts';

/**
 * SQL of "Your devices": a session is a refresh-token family (docs/decisions/006), described by
 * its rows: signed in when its first token was issued, last used at its newest issue or recorded
 * use, last seen from the network of its newest row that has one.
 */

export interface FamilyRow {
  familyId: string;
  signedInAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  network: string | null;
}

const usedAt = sql`coalesce(${refreshTokens.lastUsedAt}, ${refreshTokens.createdAt})`;

/** The active families of a user (a token neither revoked nor expired), most recently used first. */
export async function listActiveFamilies(db: Db, userId: string): Promise<FamilyRow[]> {
  const lastUsedAt = sql<Date>`max(${usedAt})`.mapWith(refreshTokens.createdAt);
  return db
    .select({
      familyId: refreshTokens.familyId,
      signedInAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastUsedAt,
      userAgent: sql<
        string | null
      >`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc))[1]`,
      network: sql<string | null>`(array_agg(${refreshTokens.network} order by ${usedAt} desc)
        filter (where ${refreshTokens.network} is not null))[1]`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .having(sql`bool_or(${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`)
    .orderBy(desc(lastUsedAt), refreshTokens.familyId);
}

/**
 * Revokes one active family of the user; answers false when the user has no such active family
 * (another user's, unknown, already revoked or expired). Rows that have already expired stay as
 * they are: they can sign nobody in.
 */
export async function revokeActiveFamilyOf(db: Db, userId: string, familyId: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** How many active families the user has besides `exceptFamilyId`. */
export async function countOtherActiveFamilies(
  db: Db,
  userId: string,
  exceptFamilyId: string | undefined,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
        exceptFamilyId ? sql`${refreshTokens.familyId} <> ${exceptFamilyId}` : undefined,
      ),
    );
  return rows[0]?.n ?? 0;
}
