import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { secondsAgo } from '../auth.sql.ts';
import { loginFailures } from '../auth.table.ts';

/**
 * Wrong passwords typed to confirm an operation of a signed-in account (deletion, change of
 * password, turning off the second factor), kept beside the failed sign-ins under their own
 * marker in the address column, so they count per account whatever address they come from.
 */
export const PASSWORD_CHECK_MARK = 'password-check';

export async function countPasswordCheckFailures(
  db: Db,
  email: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      retryAfterSeconds: sql<number>`coalesce(ceil(extract(epoch from (min(${loginFailures.createdAt}) + ${windowSeconds}::int * interval '1 second' - now())))::int, 0)`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email),
        eq(loginFailures.ip, PASSWORD_CHECK_MARK),
        gt(loginFailures.createdAt, secondsAgo(windowSeconds)),
      ),
    );
  return { count: row?.count ?? 0, retryAfterSeconds: row?.retryAfterSeconds ?? 0 };
}

export async function insertPasswordCheckFailure(db: Db, email: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip: PASSWORD_CHECK_MARK });
}

export async function clearPasswordCheckFailures(db: Db, email: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, PASSWORD_CHECK_MARK)));
}
