import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

const MIGRATION_LOCK = 727_001;

/** Applies the committed migrations; safe when several processes boot at once. */
export async function runMigrations(database: Database): Promise<void> {
  // The migration runs on the connection that holds the lock: with a pool of one connection,
  // waiting for a second one would never end.
  await database.withExclusiveLock(MIGRATION_LOCK, async (db) => {
    if (database.engine === 'postgres') {
      await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    } else {
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    }
  });
}
