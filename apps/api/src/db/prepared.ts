import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { currentHandle } from './request-transaction.ts';

/**
 * A query built once per database handle (drizzle's `.prepare(name)`): hot reads skip the query
 * builder on every call, and on PostgreSQL the named statement is parsed once per connection.
 * Build it on the pooled handle; a transaction handle gets its own copy, built on first use.
 *
 *   const tripById = preparedQuery((db) =>
 *     db.select().from(trips).where(eq(trips.id, sql.placeholder('id'))).prepare('trip_by_id'));
 *   const rows = await tripById(db).execute({ id });
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (given) => {
    // Inside a request's transaction, the transaction's own copy (a handle that follows it is one
    // object for every transaction).
    const db = currentHandle(given);
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A column written as "table"."column" in a sql`` fragment. Drizzle leaves columns bare in a
 * select from one table, and a bare name inside a correlated subquery binds to the subquery's own
 * table when it has a column of that name (`id`, `created_at`): qualify the outer ones.
 */
export function outer(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
