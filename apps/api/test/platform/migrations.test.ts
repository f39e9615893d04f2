import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { declaredTableNames, expectMigrated } from '../helpers/db-checks.ts';

/**
 * Committed migrations are applied at boot: on PGlite when DATABASE_URL is unset, on PostgreSQL
 * when it is set (CI runs this file both ways). Each run migrates a brand-new database, so the
 * migrations are really applied from scratch. (The on-disk DATA_DIR/db of a real boot is checked
 * in server-process.test.ts.)
 */

const databaseUrl = process.env.DATABASE_URL || undefined;
const engine = databaseUrl ? 'postgres' : 'pglite';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh, empty PostgreSQL database next to DATABASE_URL's, dropped after the tests. */
async function scratchPostgresUrl(): Promise<string> {
  const name = `tripcrew_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, empty database of the engine under test. */
async function freshDatabase(): Promise<Database> {
  const url = databaseUrl ? await scratchPostgresUrl() : undefined;
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory', poolSize: 4 });
  cleanups.push(() => database.close());
  return database;
}

describe(`migrations on ${engine}`, () => {
  it(`[API-11] committed migrations are applied to a new database on ${engine}, with pg_trgm`, async () => {
    const database = await freshDatabase();
    expect(database.engine).toBe(engine);
    expect(declaredTableNames).toContain('vocabulary');

    await runMigrations(database);
    await expectMigrated(database);

    // Booting again applies nothing twice.
    await runMigrations(database);
    await expectMigrated(database);
    // A bound, not a wait: every migration from nothing takes seconds on a quiet machine and
    // over half a minute under a load of 25 on two cores.
  }, 180_000);

  it.runIf(engine === 'postgres')(
    '[API-11] two instances booting at once on PostgreSQL migrate once, under the advisory lock, even with a pool of one',
    async () => {
      const url = await scratchPostgresUrl();
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: url, pgliteDir: 'memory', poolSize: 1 }),
        openDatabase({ databaseUrl: url, pgliteDir: 'memory', poolSize: 1 }),
      ]);
      cleanups.push(
        () => a.close(),
        () => b.close(),
      );
      await Promise.all([runMigrations(a), runMigrations(b)]);
      await expectMigrated(a);
      await expectMigrated(b);
    },
    180_000,
  );
});
