import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

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
