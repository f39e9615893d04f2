import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys, type IdempotencyKeyRow } from './idempotency.table.ts';

/** SQL of the idempotency store (decision 016). Every function is one statement. */

export interface KeyClaim {
  key: string;
  userId: string;
  method: string;
  path: string;
}

/**
 * How long a key is remembered, and for how long a claim without an answer is taken for a request
 * still sending it (a replay is asked to retry) rather than an answer lost with the process.
 */
export const KEY_TTL_HOURS = 24;
export const STALE_CLAIM_SECONDS = 60;

/**
 * Claims the key, inside the transaction of the write it guards: true when the write may run. An
 * expired row is taken over in the same statement; a row that is still remembered means another
 * request with this key committed first. A claim without an answer is never taken over: it
 * committed together with its write.
 */
export async function claimKey(db: Db, claim: KeyClaim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: {
        userId: claim.userId,
        method: claim.method,
        path: claim.path,
        status: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Db, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row;
}

/** Stores the answer of a finished request under its claim. */
export async function storeAnswer(
  db: Db,
  key: string,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

export async function deleteExpiredKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`));
}

/** Account deletion: the keys (and stored answers) of the user's writes. */
export async function deleteKeysOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
