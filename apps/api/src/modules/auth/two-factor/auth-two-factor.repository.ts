import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSettings } from './auth-two-factor.table.ts';

/** SQL of two-factor sign-in: the settings row, recovery codes and sign-in challenges. */

export type TwoFactorRow = typeof twoFactorSettings.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

export function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return findFirst(db, twoFactorSettings, eq(twoFactorSettings.userId, userId));
}

/** The row locked for the rest of the caller's transaction (code checks are serialised per user). */
export function findTwoFactorForUpdate(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return findFirst(db, twoFactorSettings, eq(twoFactorSettings.userId, userId), true);
}

/** A new pending enrollment, replacing a pending one (never an enabled one). */
export async function upsertPendingTwoFactor(db: Db, userId: string, secretSealed: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorSettings)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: twoFactorSettings.userId,
      set: { secretSealed, lastUsedStep: null, failedAttempts: 0, lastFailedAt: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactorSettings.enabledAt),
    })
    .returning({ userId: twoFactorSettings.userId });
  return rows.length > 0;
}

export async function updateTwoFactor(
  db: Db,
  userId: string,
  set: Partial<Pick<TwoFactorRow, 'enabledAt' | 'lastUsedStep' | 'failedAttempts' | 'lastFailedAt'>>,
): Promise<void> {
  await db.update(twoFactorSettings).set(set).where(eq(twoFactorSettings.userId, userId));
}

/** Records a used step unless it (or a later one) was used already; false then. */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorSettings)
    .set({ lastUsedStep: step, failedAttempts: 0, lastFailedAt: null })
    .where(
      and(
        eq(twoFactorSettings.userId, userId),
        or(isNull(twoFactorSettings.lastUsedStep), lt(twoFactorSettings.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSettings.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await db.delete(twoFactorSettings).where(eq(twoFactorSettings.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}

/** The challenge locked for the rest of the caller's transaction (its attempts count once each). */
export function findChallengeForUpdate(db: Db, tokenHash: string): Promise<ChallengeRow | undefined> {
  return findFirst(db, twoFactorChallenges, eq(twoFactorChallenges.tokenHash, tokenHash), true);
}

export async function updateChallenge(
  db: Db,
  id: string,
  set: Partial<Pick<ChallengeRow, 'attempts' | 'consumedAt'>>,
): Promise<void> {
  await db.update(twoFactorChallenges).set(set).where(eq(twoFactorChallenges.id, id));
}

/** Challenges that can no longer be used (keeps the table small). */
export async function pruneChallenges(db: Db, before: Date): Promise<void> {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, before));
}
