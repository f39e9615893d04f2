import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { migrationsFolder } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';

/** Checks shared by the migration tests (in-process and after a real server boot). */

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

/** Every table the code declares (db/schema.ts). */
export const declaredTableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** pg_trgm works, every committed migration is recorded once, every declared table exists. */
export async function expectMigrated(database: Database): Promise<void> {
  const extensions = await rows<{ extname: string }>(database, sql`select extname from pg_extension`);
  expect(extensions.map((e) => e.extname)).toContain('pg_trgm');
  const [similar] = await rows<{ s: number }>(database, sql`select similarity('lisbon', 'lisboa') as s`);
  expect(Number(similar?.s)).toBeGreaterThan(0.3);

  const applied = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  expect(applied[0]?.n).toBe(journal.entries.length);

  const tables = await rows<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  // Every table the code declares exists: no schema change is missing its generated migration.
  expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(declaredTableNames));
}
