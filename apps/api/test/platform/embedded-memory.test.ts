import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { EMBEDDED_MEMORY_SETTINGS, initEmbeddedDataDir } from '../../src/db/embedded.ts';

/**
 * The embedded engine's memory (docs/decisions/028): a small buffer pool instead of PGlite's
 * 128 MB, and a new data directory created by a process of its own, so the initdb instance's
 * memory never lives in the server process. Runs on PGlite whatever DATABASE_URL says.
 */

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function settingsOf(database: Database): Promise<Record<string, string>> {
  const names = Object.keys(EMBEDDED_MEMORY_SETTINGS);
  const rows = await queryRows<{ name: string; value: string }>(
    database.db,
    sql`select name, current_setting(name) as value from unnest(${`{${names.join(',')}}`}::text[]) as name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Opens the embedded database of `pgliteDir`, runs `check` on it, and closes it whatever happens. */
async function withDatabase(pgliteDir: string, check: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase({ pgliteDir });
  try {
    await check(database);
  } finally {
    await database.close();
  }
}

// On PGlite whatever DATABASE_URL says: the PostgreSQL pass of CI would repeat it unchanged.
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded engine memory', () => {
  it('creates a new data directory out of process, then runs it with the small buffer pool', async () => {
    const dataDir = scratch();
    await withDatabase(dataDir, async (database) => {
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      expect(await settingsOf(database)).toEqual(EMBEDDED_MEMORY_SETTINGS);
      expect(EMBEDDED_MEMORY_SETTINGS.shared_buffers).toBe('32MB');
    });
    // Reopened: the existing database is kept (no second initdb) and gets the same settings.
    await withDatabase(dataDir, async (reopened) => {
      expect(await settingsOf(reopened)).toEqual(EMBEDDED_MEMORY_SETTINGS);
    });
  }, 120_000);

  it('gives an in-memory database the same settings', async () => {
    await withDatabase('memory', async (database) => {
      expect(await settingsOf(database)).toEqual(EMBEDDED_MEMORY_SETTINGS);
    });
  }, 120_000);

  it("releases the garbage a boot's work left in the heap, without leaving a gc global behind", async () => {
    const database = await openDatabase({ pgliteDir: 'memory' });
    const hadGc = 'gc' in globalThis;
    try {
      // About 30 MB of objects that outlive the young generation, then dropped: garbage until a
      // full collection runs.
      let work: Array<{ i: number; text: string }> | undefined = Array.from({ length: 300_000 }, (_, i) => ({
        i,
        text: `row ${i}`,
      }));
      expect(work).toHaveLength(300_000);
      work = undefined;
      const before = getHeapStatistics().used_heap_size;
      database.releaseBootMemory?.();
      const after = getHeapStatistics().used_heap_size;
      expect(before - after).toBeGreaterThan(10 * 1024 * 1024);
      expect('gc' in globalThis).toBe(hadGc);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('fails the boot with a clear message when creating the data directory outlasts its deadline', async () => {
    const dataDir = join(scratch(), 'db');
    await expect(initEmbeddedDataDir(dataDir, 1)).rejects.toThrow(/did not finish within 1 ms/);
  });
});
