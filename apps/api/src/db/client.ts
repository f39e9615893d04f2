import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { followRequestTransaction } from './request-transaction.ts';
import * as schema from './schema.ts';
import { collectBootGarbage, embeddedOptions, initEmbeddedDataDir } from './embedded.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbEngine = 'pglite' | 'postgres';

/**
 * The rows of a raw `db.execute(sql\`…\`)`: both drivers (node-postgres and PGlite) answer
 * `{ rows }`; the generic Db type only knows `unknown`. Column names are as the SQL spells them.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}

export interface Database {
  db: Db;
  engine: DbEngine;
  /** Round trip to the database; resolves to the latency in ms or rejects. */
  ping(): Promise<number>;
  /**
   * Runs fn while holding a cluster-wide lock (advisory lock on PostgreSQL). fn gets a Db bound
   * to the connection that holds the lock, so it works even with a pool of one connection.
   */
  withExclusiveLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn only if the cluster-wide lock `key` is free now (no waiting): on PostgreSQL a
   * session advisory lock held for fn's duration, so of several instances running the same
   * scheduled job only one runs it. Resolves to { ran: false } when another holder has it.
   */
  tryExclusiveLock<T>(key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
  /** Pool figures for metrics; undefined for the embedded engine. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /** The embedded engine's whole data directory as a tarball (undefined on PostgreSQL). */
  snapshot?(): Promise<Blob>;
  /**
   * Releases the garbage a piece of boot work (migrations, a seed) left behind, on the embedded
   * engine, whose server is the small one (decision 028); undefined on PostgreSQL.
   */
  releaseBootMemory?(): void;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; 'memory' for an in-memory one (tests). */
  pgliteDir: string | 'memory';
  /** Starts an in-memory embedded database from a snapshot() instead of an empty one (tests). */
  pgliteSnapshot?: Blob;
  /**
   * An embedded engine already open (from openEmbeddedEngine) to use instead of opening one: the
   * API tests' workers share one among their files. Closing the Database closes it.
   */
  pgliteEngine?: PGlite;
  poolSize?: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    // Follows a request's transaction when there is one (decision 016), the pool otherwise.
    const db = followRequestTransaction(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      engine: 'postgres',
      ping: () => timed(() => pool.query('select 1')),
      async withExclusiveLock(key, fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          const unlocked = await client.query('select pg_advisory_unlock($1)', [key]).then(
            () => true,
            () => false,
          );
          // A connection that could not unlock is dropped, which releases the lock server-side.
          client.release(!unlocked);
        }
      },
      async tryExclusiveLock(key, fn) {
        const client = await pool.connect();
        let locked = false;
        try {
          const result = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1) as locked',
            [key],
          );
          locked = result.rows[0]?.locked === true;
          if (!locked) return { ran: false };
          return { ran: true, value: await fn() };
        } finally {
          const unlocked =
            !locked ||
            (await client.query('select pg_advisory_unlock($1)', [key]).then(
              () => true,
              () => false,
            ));
          client.release(!unlocked);
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  const client = options.pgliteEngine ?? (await openEmbeddedEngine(options));
  const db = followRequestTransaction(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    engine: 'pglite',
    ping: () => timed(() => client.query('select 1')),
    // One embedded engine per process: the process itself is the lock holder.
    withExclusiveLock: (_key, fn) => fn(db),
    tryExclusiveLock: async (_key, fn) => ({ ran: true, value: await fn() }),
    close: () => client.close(),
    poolStats: () => undefined,
    snapshot: () => client.dumpDataDir('none'),
    releaseBootMemory: collectBootGarbage,
  };
}

/** Opens the embedded engine of DatabaseOptions: in pgliteDir, or in memory (from pgliteSnapshot). */
export async function openEmbeddedEngine(
  options: Pick<DatabaseOptions, 'pgliteDir' | 'pgliteSnapshot'>,
): Promise<PGlite> {
  let dataDir: string | undefined;
  if (options.pgliteDir !== 'memory') {
    dataDir = join(options.pgliteDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    await initEmbeddedDataDir(dataDir);
  }
  return PGlite.create(dataDir, {
    ...embeddedOptions(),
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot && !dataDir ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
}

export { sql };
