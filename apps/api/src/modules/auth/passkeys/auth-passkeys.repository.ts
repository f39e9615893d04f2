import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst, firstRow } from '../../../db/find-value.ts';
import { now, secondsFromNow } from '../auth.sql.ts';
import { passkeyChallenges, passkeys } from './auth-passkeys.table.ts';

/** SQL of passkeys (WebAuthn credentials) and of their ceremonies' single-use challenges. */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'registration' | 'authentication';

// ---- challenges -----------------------------------------------------------------------------

/** Stores a challenge (and drops the expired ones, so the table stays small); answers its id. */
export async function insertPasskeyChallenge(
  db: Db,
  values: { purpose: ChallengePurpose; userId: string | null; challenge: string; ttlSeconds: number },
): Promise<string> {
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now()));
  const rows = await db
    .insert(passkeyChallenges)
    .values({
      purpose: values.purpose,
      userId: values.userId,
      challenge: values.challenge,
      expiresAt: secondsFromNow(values.ttlSeconds),
    })
    .returning({ id: passkeyChallenges.id });
  return rows[0]!.id;
}

/** Consumes (deletes) the user's unexpired registration challenge with that value; true if there was one. */
export async function consumeRegistrationChallenge(
  db: Db,
  userId: string,
  challenge: string,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.purpose, 'registration'),
        eq(passkeyChallenges.userId, userId),
        eq(passkeyChallenges.challenge, challenge),
        gt(passkeyChallenges.expiresAt, now()),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return rows.length > 0;
}

/** Consumes (deletes) the sign-in challenge of that id; answers its value unless it had expired. */
export async function consumeAuthenticationChallenge(db: Db, id: string): Promise<string | undefined> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, 'authentication'),
        isNull(passkeyChallenges.userId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
  const row = rows[0];
  return row && row.expiresAt.getTime() > Date.now() ? row.challenge : undefined;
}

// ---- passkeys -------------------------------------------------------------------------------

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return findFirst(db, passkeys, eq(passkeys.credentialId, credentialId));
}

/** Inserts the passkey; undefined when that credential is already registered (to anyone). */
export function insertPasskey(
  db: Db,
  values: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'>,
): Promise<PasskeyRow | undefined> {
  return firstRow(db.insert(passkeys).values(values).onConflictDoNothing().returning());
}

export function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const mine = and(eq(passkeys.id, id), eq(passkeys.userId, userId));
  return firstRow(db.update(passkeys).set({ name }).where(mine).returning());
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** After a sign-in: the authenticator's new counter, and when it was used. */
export async function markPasskeyUsed(db: Db, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now() }).where(eq(passkeys.id, id));
}
