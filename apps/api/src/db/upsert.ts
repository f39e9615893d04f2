import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

/**
 * The `onConflictDoUpdate` of an idempotent upsert: on a conflict over `target`, the listed
 * columns take the proposed row's values (`excluded`) and `updated_at` becomes now(), but only
 * when one of the listed columns differs (`is distinct from`, so nulls compare as values). An
 * unchanged row is not written, and `returning()` leaves it out: callers count what changed.
 */
export function updateWhenChanged<T extends PgTable>(
  table: T,
  target: IndexColumn | IndexColumn[],
  columns: ReadonlyArray<keyof T['_']['columns'] & string>,
): { target: IndexColumn | IndexColumn[]; set: PgUpdateSetSource<T>; setWhere: SQL } {
  const all = getTableColumns(table);
  const listed = columns.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`updateWhenChanged: no column ${key}`);
    return { key, column, excluded: sql`excluded.${sql.identifier(column.name)}` };
  });
  const set: Record<string, SQL> = Object.fromEntries(listed.map((c) => [c.key, c.excluded]));
  if ('updatedAt' in all) set.updatedAt = sql`now()`;
  const current = sql.join(
    listed.map((c) => sql`${c.column}`),
    sql`, `,
  );
  const proposed = sql.join(
    listed.map((c) => c.excluded),
    sql`, `,
  );
  return {
    target,
    set: set as PgUpdateSetSource<T>,
    setWhere: sql`(${current}) is distinct from (${proposed})`,
  };
}
