import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * SQL fragments shared by the auth repositories. Times are computed by the database (now()), so
 * several API instances agree on what has expired.
 */

export function secondsFromNow(seconds: number): SQL<Date> {
  return sql<Date>`now() + ${Math.round(seconds)}::int * interval '1 second'`;
}

export function secondsAgo(seconds: number): SQL<Date> {
  return sql<Date>`now() - ${Math.round(seconds)}::int * interval '1 second'`;
}

/** True when the timestamp column is set (consumed, rotated, revoked). */
export const isSet = (column: AnyColumn): SQL<boolean> => sql<boolean>`${column} is not null`;

/** True when the timestamp column lies in the past (expired). */
export const isPast = (column: AnyColumn): SQL<boolean> => sql<boolean>`${column} <= now()`;

/** The value a column takes when its event happens now (consumed_at, rotated_at, revoked_at). */
export const now = (): SQL<Date> => sql<Date>`now()`;
