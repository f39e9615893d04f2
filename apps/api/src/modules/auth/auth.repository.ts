import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailCodes, loginFailures, oauthAccounts, oneTimeTokens, refreshTokens } from './auth.table.ts';

/**
 * SQL of the auth module. Every function takes the database or an open transaction. Times are
 * computed by the database (now()), so several API instances agree on what has expired.
 */

type CodePurpose = 'confirm' | 'recovery';
type TokenPurpose = 'activation' | 'social';
export type OAuthProviderName = 'google' | 'github';

export function secondsFromNow(seconds: number): SQL<Date> {
  return sql<Date>`now() + ${Math.round(seconds)}::int * interval '1 second'`;
}
function secondsAgo(seconds: number): SQL<Date> {
  return sql<Date>`now() - ${Math.round(seconds)}::int * interval '1 second'`;
}

// ---- email codes ----------------------------------------------------------------------------

export async function insertEmailCode(
  db: Db,
  values: { userId: string; purpose: CodePurpose; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(emailCodes).values({
    userId: values.userId,
    purpose: values.purpose,
    codeHash: values.codeHash,
    expiresAt: secondsFromNow(values.ttlSeconds),
  });
}

/** Voids every pending code of that purpose (a newer code replaces them). */
export async function voidEmailCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
    );
}

export async function countEmailCodesSince(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  seconds: number,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        gt(emailCodes.createdAt, secondsAgo(seconds)),
      ),
    );
  return rows[0]?.n ?? 0;
}

export interface EmailCodeState {
  id: string;
  codeHash: string;
  attempts: number;
  consumed: boolean;
  expired: boolean;
}

/** The newest code of that purpose, locked until the transaction ends. */
export async function findLatestEmailCodeForUpdate(
  db: Db,
  userId: string,
  purpose: CodePurpose,
): Promise<EmailCodeState | undefined> {
  const rows = await db
    .select({
      id: emailCodes.id,
      codeHash: emailCodes.codeHash,
      attempts: emailCodes.attempts,
      consumed: sql<boolean>`${emailCodes.consumedAt} is not null`,
      expired: sql<boolean>`${emailCodes.expiresAt} <= now()`,
    })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0];
}

/** True when `codeHash` is the hash of an older, replaced or used, code of that purpose. */
export async function isReplacedEmailCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        eq(emailCodes.codeHash, codeHash),
        sql`${emailCodes.consumedAt} is not null`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function incrementCodeAttempts(db: Db, id: string): Promise<number> {
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id))
    .returning({ attempts: emailCodes.attempts });
  return rows[0]?.attempts ?? Number.MAX_SAFE_INTEGER;
}

export async function consumeEmailCode(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

// ---- one-time tokens --------------------------------------------------------------------------

export async function insertOneTimeToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: values.tokenHash,
    expiresAt: secondsFromNow(values.ttlSeconds),
  });
}

export async function voidOneTimeTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
      ),
    );
}

/** Consumes a live token atomically: of two concurrent calls only one gets the row. */
export async function consumeOneTimeToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; purpose: TokenPurpose } | undefined> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  return rows[0];
}

export async function findOneTimeTokenState(
  db: Db,
  tokenHash: string,
): Promise<{ consumed: boolean; expired: boolean } | undefined> {
  const rows = await db
    .select({
      consumed: sql<boolean>`${oneTimeTokens.consumedAt} is not null`,
      expired: sql<boolean>`${oneTimeTokens.expiresAt} <= now()`,
    })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

// ---- refresh tokens ---------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Db,
  values: {
    familyId: string;
    tokenHash: string;
    userId: string;
    ttlSeconds: number;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(refreshTokens).values({
    familyId: values.familyId,
    tokenHash: values.tokenHash,
    userId: values.userId,
    userAgent: values.userAgent,
    expiresAt: secondsFromNow(values.ttlSeconds),
  });
}

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
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
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

export async function findRefreshTokenState(
  db: Db,
  tokenHash: string,
  graceSeconds: number,
): Promise<RefreshTokenState | undefined> {
  const rows = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      revoked: sql<boolean>`${refreshTokens.revokedAt} is not null`,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
      rotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
      rotatedRecently: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > ${secondsAgo(graceSeconds)}, false)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function revokeFamily(db: Db, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Revokes every session of a user, or every one but `exceptFamilyId`. */
export async function revokeUserFamilies(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
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
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  return rows[0]?.n ?? 0;
}

// ---- social accounts --------------------------------------------------------------------------

export async function findOAuthAccountUserId(
  db: Db,
  provider: OAuthProviderName,
  providerUserId: string,
): Promise<string | undefined> {
  const rows = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return rows[0]?.userId;
}

export async function insertOAuthAccount(
  db: Db,
  values: { provider: OAuthProviderName; providerUserId: string; userId: string },
): Promise<void> {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}

// ---- login throttling -------------------------------------------------------------------------

export interface FailureCount {
  count: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
}

export async function countLoginFailures(
  db: Db,
  by: { email: string } | { ip: string },
  windowSeconds: number,
): Promise<FailureCount> {
  const rows = await db
    .select({
      count: sql<number>`count(*)::int`,
      retryAfterSeconds: sql<number>`coalesce(ceil(extract(epoch from (min(${loginFailures.createdAt}) + ${windowSeconds}::int * interval '1 second' - now())))::int, 0)`,
    })
    .from(loginFailures)
    .where(
      and(
        'email' in by ? eq(loginFailures.email, by.email) : eq(loginFailures.ip, by.ip),
        gt(loginFailures.createdAt, secondsAgo(windowSeconds)),
      ),
    );
  return rows[0] ?? { count: 0, retryAfterSeconds: 0 };
}

export async function insertLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function pruneLoginFailures(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, secondsAgo(olderThanSeconds)));
}
