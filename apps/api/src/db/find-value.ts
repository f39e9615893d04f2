import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Lookups of one row or one value. Every function takes the database or an open transaction and
 * answers undefined when nothing matches.
 */

/**
 * The value of `column` in the first row of its table whose `by` column equals `key`, or
 * undefined when there is none: the lookup of a single value by a unique key.
 */
export async function findValue<C extends PgColumn>(
  db: Db,
  column: C,
  by: PgColumn,
  key: string,
): Promise<C['_']['data'] | undefined> {
  const rows = await db.select({ value: column }).from(column.table).where(eq(by, key)).limit(1);
  return rows[0]?.value as C['_']['data'] | undefined;
}

/**
 * The first row of `table` where `where` holds; with `lock`, the row stays locked (`for update`)
 * until the transaction ends.
 */
export async function findFirst<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  lock = false,
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  const rows = await (lock ? query.for('update') : query);
  return rows[0] as T['$inferSelect'] | undefined;
}

/** The rows of `table` whose `column` is one of `values` (no query for an empty list). */
export async function findIn<T extends PgTable>(
  db: Db,
  table: T,
  column: PgColumn,
  values: readonly string[],
): Promise<T['$inferSelect'][]> {
  if (values.length === 0) return [];
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(inArray(column, [...values]));
  return rows as T['$inferSelect'][];
}

/** The first row a query answers (a query of one row: `.limit(1)`, a unique key). */
export async function firstRow<R>(query: PromiseLike<R[]>): Promise<R | undefined> {
  const rows = await query;
  return rows[0];
}
