import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { firstRow } from '../../../db/find-value.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { isPast, isSet, now, secondsAgo, secondsFromNow } from '../auth.sql.ts';
import { refreshTokens } from '../auth.table.ts';

/** SQL of the refresh-token families (docs/decisions/006-refresh-token-rotation.md). */

export async function insertRefreshToken(
  db: Db,
  {
    ttlSeconds,
    ...values
  }: {
    familyId: string;
    tokenHash: string;
    userId: string;
    ttlSeconds: number;
    userAgent: string | null;
    network: string | null;
  },
): Promise<void> {
  await db.insert(refreshTokens).values({ ...values, expiresAt: secondsFromNow(ttlSeconds) });
}

/** Not rotated, not revoked, not expired. */
const isLive = () =>
  and(isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now()));

/**
 * Marks a live token as rotated and returns it; undefined when it is unknown, already rotated,
 * revoked or expired. The WHERE clause makes this the race arbiter: on PostgreSQL a second
 * concurrent UPDATE waits for the first's row lock, re-checks `rotated_at IS NULL` and matches
 * nothing.
 */
export async function rotateRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ familyId: string; userId: string } | undefined> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isLive()))
    .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });
  return rows[0];
}

export interface RefreshTokenState {
  familyId: string;
  userId: string;
  revoked: boolean;
  expired: boolean;
  rotated: boolean;
  /** Rotated less than `graceSeconds` ago. */
  rotatedRecently: boolean;
}

export function findRefreshTokenState(
  db: Db,
  tokenHash: string,
  graceSeconds: number,
): Promise<RefreshTokenState | undefined> {
  const state = {
    familyId: refreshTokens.familyId,
    userId: refreshTokens.userId,
    revoked: isSet(refreshTokens.revokedAt),
    expired: isPast(refreshTokens.expiresAt),
    rotated: isSet(refreshTokens.rotatedAt),
    rotatedRecently: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > ${secondsAgo(graceSeconds)}, false)`,
  };
  return firstRow(db.select(state).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)));
}

export async function revokeFamily(db: Db, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

const activeFamily = preparedQuery((db) =>
  db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('familyId')),
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .limit(1)
    .prepare('refresh_family_active'),
);

/**
 * Whether the family has a token that is neither revoked nor expired (rotated ones count).
 * Prepared once: the auth guard asks on every signed-in call.
 */
export async function isFamilyActive(db: Db, userId: string, familyId: string): Promise<boolean> {
  const rows = await activeFamily(db).execute({ familyId, userId });
  return rows.length > 0;
}

/**
 * Records a use of the family on its live token (the one neither rotated, revoked nor expired;
 * a family is active exactly when it has one) and answers whether there was one.
 */
export async function touchFamily(
  db: Db,
  userId: string,
  familyId: string,
  network: string | null,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ lastUsedAt: now(), ...(network ? { network } : {}) })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isLive()))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Revokes every session of a user, or every one but `exceptFamilyId`. */
export async function revokeUserFamilies(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/** Live (not rotated, not revoked, not expired) tokens of a user, by family: for tests and audits. */
export async function countLiveFamilies(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isLive()));
  return rows[0]?.n ?? 0;
}

/** When the session (refresh-token family) began, i.e. the sign-in; undefined for none of the user's. */
export async function familyStartedAt(db: Db, userId: string, familyId: string): Promise<Date | undefined> {
  const rows = await db
    .select({ at: sql<Date | string | null>`min(${refreshTokens.createdAt})` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
  const at = rows[0]?.at;
  return at ? new Date(at) : undefined;
}
