import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { secondsAgo } from '../auth.sql.ts';
import { loginFailures } from '../auth.table.ts';

/**
 * SQL of login throttling (AUTH-07): failed sign-ins counted per account and address pair, and
 * per address.
 */

export interface FailureCount {
  count: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
  /** Seconds since the newest counted failure (0 when there is none). */
  sinceLatestSeconds: number;
}

export async function countLoginFailures(
  db: Db,
  by: { email: string; ip: string } | { ip: string },
  windowSeconds: number,
): Promise<FailureCount> {
  const rows = await db
    .select({
      count: sql<number>`count(*)::int`,
      retryAfterSeconds: sql<number>`coalesce(ceil(extract(epoch from (min(${loginFailures.createdAt}) + ${windowSeconds}::int * interval '1 second' - now())))::int, 0)`,
      sinceLatestSeconds: sql<number>`coalesce(extract(epoch from (now() - max(${loginFailures.createdAt})))::float8, 0)`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.ip, by.ip),
        'email' in by ? eq(loginFailures.email, by.email) : undefined,
        gt(loginFailures.createdAt, secondsAgo(windowSeconds)),
      ),
    );
  const row = rows[0];
  return row
    ? { ...row, sinceLatestSeconds: Number(row.sinceLatestSeconds) }
    : { count: 0, retryAfterSeconds: 0, sinceLatestSeconds: 0 };
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
