import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/db/seed/index.ts';

/**
 * Test databases. On PGlite, creating an engine runs initdb (about two seconds per database, and
 * the suite creates dozens); so the first one migrated is kept as a snapshot in the temp dir, keyed
 * by the PGlite version and the committed migrations, and later databases start from it in a
 * fraction of the time. Migrations still run on every database (a no-op on a current snapshot).
 */

const TEMPLATE_PREFIX = 'tripcrew-pglite-template-';

function templateKey(): string {
  const hash = createHash('sha256');
  try {
    const pkg = new URL('../../../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
    hash.update((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? '');
  } catch {
    hash.update('unknown-pglite');
  }
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(migrationsFolder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  return join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}.tar`);
}

async function saveTemplate(database: Database, file: string): Promise<void> {
  const snapshot = await database.snapshot?.();
  if (!snapshot) return;
  // Written aside then renamed: parallel workers never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(partial, file);
  // Snapshots of older migrations are of no further use.
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(TEMPLATE_PREFIX) && join(tmpdir(), name) !== file && name.endsWith('.tar')) {
      rmSync(join(tmpdir(), name), { force: true });
    }
  }
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
    await runMigrations(database);
    await runSeeds(database, { demo: false, places: 'curated' });
    return database;
  }
  const file = templateFile();
  const snapshot = existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  const database = await openDatabase({ pgliteDir: 'memory', pgliteSnapshot: snapshot });
  await runMigrations(database);
  if (!snapshot) await saveTemplate(database, file).catch(() => undefined);
  await runSeeds(database, { demo: false, places: 'curated' });
  return database;
}
