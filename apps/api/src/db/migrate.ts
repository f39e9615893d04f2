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
  await database.withExclusiveLock(MIGRATION_LOCK, async () => {
    if (database.engine === 'postgres') {
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    } else {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    }
  });
}
