import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/db/seed/index.ts';
import type { DatabaseTemplate } from './database-template.ts';

/**
 * Test databases start from the migrated and seeded template of the run (database-template.ts,
 * the API project's globalSetup): on PostgreSQL the worker's copy of the template database
 * (worker-database.ts), on PGlite an in-memory engine loaded from the template's data-dir snapshot.
 * Neither migrates nor seeds. Outside that (another URL, or no template provided) a database is
 * migrated and seeded here.
 */

function providedTemplate(): DatabaseTemplate {
  try {
    return inject('databaseTemplate') ?? {};
  } catch {
    return {};
  }
}

let snapshotBytes: Buffer | undefined;
function pgliteSnapshot(): Blob | undefined {
  const file = providedTemplate().pgliteSnapshot;
  if (!file) return undefined;
  snapshotBytes ??= readFileSync(file);
  return new Blob([snapshotBytes]);
}

async function migrateAndSeed(database: Database): Promise<Database> {
  await runMigrations(database);
  await runSeeds(database, { demo: false, places: 'curated' });
  return database;
}

/**
 * A migrated and seeded test database: in-memory PGlite by default, the PostgreSQL of
 * databaseUrl (DATABASE_URL) when set. The caller closes it.
 */
export async function openTestDatabase(
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
): Promise<Database> {
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, pgliteDir: 'memory', poolSize: 4 });
    if (databaseUrl === process.env.TEST_DATABASE_TEMPLATED) return database;
    return migrateAndSeed(database);
  }
  const snapshot = pgliteSnapshot();
  const database = await openDatabase({ pgliteDir: 'memory', pgliteSnapshot: snapshot });
  return snapshot ? database : migrateAndSeed(database);
}
