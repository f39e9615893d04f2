import { readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, openEmbeddedEngine, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/db/seed/index.ts';
import type { DatabaseTemplate } from './database-template.ts';

/**
 * Test databases start from the migrated and seeded template of the run (database-template.ts,
 * the API project's globalSetup): on PostgreSQL the worker's copy of the template database
 * (worker-database.ts), on PGlite the worker's in-memory engine loaded from the template's data-dir
 * snapshot.
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
  if (snapshot) return sharedPglite(snapshot);
  return migrateAndSeed(await openDatabase({ pgliteDir: 'memory' }));
}

/** Where a worker process keeps its engine: on the global object, which outlives its test files. */
const SHARED_ENGINE = Symbol.for('tripcrew.test.pglite');
type WithSharedEngine = typeof globalThis & { [SHARED_ENGINE]?: Promise<PGlite> };

/**
 * PGlite: one engine per worker process, loaded from the template's snapshot on first use and
 * shared by every test app the worker builds, as a worker's files share one database on
 * PostgreSQL (worker-database.ts). Loading an engine took about a CPU second, and a run loaded
 * 94 of them. Only the engine is shared: each file wraps it in a Database of its own, because a
 * worker evaluates the app's modules again for every file, and a handle made by an earlier file's
 * modules would not follow this file's request transactions (a query it made inside one would
 * wait for that transaction's end: a deadlock on the one-connection engine).
 *
 * Closing a handle leaves the engine open (it ends with the worker) once the engine has shown it
 * is idle. Work of the closing app that still holds a transaction would make the next file's
 * queries wait behind it: then the engine is left to that work, the next file loads a fresh one
 * (as every file did before), and the run says so on stderr.
 */
async function sharedPglite(snapshot: Blob): Promise<Database> {
  const holder = globalThis as WithSharedEngine;
  const shared = (holder[SHARED_ENGINE] ??= openEmbeddedEngine({
    pgliteDir: 'memory',
    pgliteSnapshot: snapshot,
  }));
  const database = await openDatabase({ pgliteDir: 'memory', pgliteEngine: await shared });
  return {
    ...database,
    close: async () => {
      if (await answersWithin(database, IDLE_WITHIN_MS)) return;
      if (holder[SHARED_ENGINE] === shared) holder[SHARED_ENGINE] = undefined;
      process.stderr.write(
        `test-database: the embedded database did not answer within ${IDLE_WITHIN_MS / 1000} s of ` +
          `closing a test app of ${expect.getState().testPath ?? 'an unknown file'}: work it started ` +
          'still holds a transaction open; the next file loads a fresh engine\n',
      );
    },
  };
}

/** An idle engine answers a ping in milliseconds; a busy one waits for its transaction's end. */
const IDLE_WITHIN_MS = 10_000;

async function answersWithin(engine: Database, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([engine.ping().then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
