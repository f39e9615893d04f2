import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { firstRow } from '../../../db/find-value.ts';
import { isPast, isSet, now, secondsAgo, secondsFromNow } from '../auth.sql.ts';
import { emailCodes, oneTimeTokens } from '../auth.table.ts';

/**
 * SQL of what the auth module hands a user to prove a mailbox or a redirect: the short numeric
 * email codes (registration, recovery) and the single-use tokens (activation link, social sign-in).
 * Every function takes the database or an open transaction.
 */

export type CodePurpose = 'confirm' | 'recovery';
export type TokenPurpose = 'activation' | 'social';

/** Both tables hold short-lived, single-use secrets of a user, stored only as hashes. */
type SecretTable = typeof emailCodes | typeof oneTimeTokens;
type PurposeOf<T extends SecretTable> = T['$inferInsert']['purpose'];

/** Voids every pending secret of that purpose (a newer one replaces them). */
async function voidSecrets<T extends SecretTable>(
  db: Db,
  table: T,
  userId: string,
  purpose: PurposeOf<T>,
): Promise<void> {
  const t = table as SecretTable;
  await db
    .update(t)
    .set({ consumedAt: now() })
    .where(and(eq(t.userId, userId), sql`${t.purpose} = ${purpose}`, isNull(t.consumedAt)));
}

// ---- email codes ----------------------------------------------------------------------------

export async function insertEmailCode(
  db: Db,
  { ttlSeconds, ...values }: { userId: string; purpose: CodePurpose; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(emailCodes).values({ ...values, expiresAt: secondsFromNow(ttlSeconds) });
}

/** Voids every pending code of that purpose (a newer code replaces them). */
export async function voidEmailCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await voidSecrets(db, emailCodes, userId, purpose);
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
export function findLatestEmailCodeForUpdate(
  db: Db,
  userId: string,
  purpose: CodePurpose,
): Promise<EmailCodeState | undefined> {
  const state = {
    id: emailCodes.id,
    codeHash: emailCodes.codeHash,
    attempts: emailCodes.attempts,
    consumed: isSet(emailCodes.consumedAt),
    expired: isPast(emailCodes.expiresAt),
  };
  return firstRow(
    db
      .select(state)
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update'),
  );
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
        isSet(emailCodes.consumedAt),
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
    .set({ consumedAt: now() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

// ---- one-time tokens --------------------------------------------------------------------------

export async function insertOneTimeToken(
  db: Db,
  { ttlSeconds, ...values }: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(oneTimeTokens).values({ ...values, expiresAt: secondsFromNow(ttlSeconds) });
}

export async function voidOneTimeTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await voidSecrets(db, oneTimeTokens, userId, purpose);
}

/** Consumes a live token atomically: of two concurrent calls only one gets the row. */
export async function consumeOneTimeToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; purpose: TokenPurpose } | undefined> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  return rows[0];
}

export function findOneTimeTokenState(
  db: Db,
  tokenHash: string,
): Promise<{ consumed: boolean; expired: boolean } | undefined> {
  return firstRow(
    db
      .select({ consumed: isSet(oneTimeTokens.consumedAt), expired: isPast(oneTimeTokens.expiresAt) })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, tokenHash)),
  );
}
