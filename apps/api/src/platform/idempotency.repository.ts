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

/** How long a key is remembered, and after how long a claim without an answer may be taken over. */
export const KEY_TTL_HOURS = 24;
export const STALE_CLAIM_SECONDS = 60;

/**
 * Claims the key for this request: true when the request may run. An expired row, or a claim whose
 * request never answered (the process died), is taken over in the same statement; any other
 * existing row leaves the claim to the caller (`findKey`).
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
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})
        or (${idempotencyKeys.status} is null
          and ${idempotencyKeys.userId} = excluded.user_id
          and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}))`,
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

/** Gives up a claim (a 5xx, or an answer that cannot be replayed): a retry with the key runs again. */
export async function releaseKey(db: Db, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
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
