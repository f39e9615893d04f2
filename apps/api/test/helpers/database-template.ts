import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/db/seed/index.ts';

/**
 * What the API project's test apps start from (vitest globalSetup, once per run): a database
 * migrated and seeded once, copied per worker or per app instead of migrating and seeding each time.
 * - PostgreSQL (DATABASE_URL set): a template database `<name>_tpl` beside DATABASE_URL's; each
 *   worker gets `CREATE DATABASE <name>_w<n> TEMPLATE <name>_tpl` (worker-database.ts).
 * - PGlite: a data-dir snapshot (dumpDataDir) in a temp file that each test database loads
 *   (loadDataDir) instead of running initdb, the migrations and the seeds.
 * Made afresh on every run, so a changed migration or seed never meets a stale copy.
 */
export interface DatabaseTemplate {
  /** PostgreSQL: the template database's name and the URL it sits beside. */
  postgres?: { baseUrl: string; template: string };
  /** PGlite: the snapshot file. */
  pgliteSnapshot?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const SEEDS = { demo: false, places: 'curated' } as const;

/** The name of a database beside `baseUrl`'s, as a URL. */
export function databaseUrlBeside(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops the template and the worker copies of an earlier run on the same database. */
async function dropCopies(baseUrl: string, base: string): Promise<void> {
  await admin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname = $1 or datname like $2 escape '!'",
      [`${base}_tpl`, `${base.replaceAll('_', '!_')}!_w%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

async function postgresTemplate(baseUrl: string): Promise<DatabaseTemplate['postgres']> {
  const base = decodeURIComponent(new URL(baseUrl).pathname.slice(1));
  const template = `${base}_tpl`;
  await dropCopies(baseUrl, base);
  await admin(baseUrl, (client) => client.query(`create database "${template}"`));
  const database = await openDatabase({
    databaseUrl: databaseUrlBeside(baseUrl, template),
    pgliteDir: 'memory',
    poolSize: 2,
  });
  try {
    await runMigrations(database);
    await runSeeds(database, SEEDS);
  } finally {
    await database.close();
  }
  return { baseUrl, template };
}

async function pgliteTemplate(): Promise<string> {
  const database = await openDatabase({ pgliteDir: 'memory' });
  try {
    await runMigrations(database);
    await runSeeds(database, SEEDS);
    const snapshot = await database.snapshot?.();
    if (!snapshot) throw new Error('the embedded database gave no snapshot');
    const file = join(mkdtempSync(join(tmpdir(), 'tripcrew-template-')), 'pglite.tar');
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const baseUrl = process.env.DATABASE_URL || undefined;
  const template: DatabaseTemplate = baseUrl
    ? { postgres: await postgresTemplate(baseUrl) }
    : { pgliteSnapshot: await pgliteTemplate() };
  project.provide('databaseTemplate', template);
  const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`test database template (${engine}): ${Math.round(performance.now() - started)} ms\n`);
  return async () => {
    if (template.pgliteSnapshot)
      rmSync(join(template.pgliteSnapshot, '..'), { recursive: true, force: true });
    if (template.postgres) {
      const base = decodeURIComponent(new URL(template.postgres.baseUrl).pathname.slice(1));
      await dropCopies(template.postgres.baseUrl, base);
    }
  };
}
