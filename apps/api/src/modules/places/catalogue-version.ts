import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueStamps } from './places.table.ts';

/** The stamp every seed or import bumps when it changed catalogue data (cache invalidation). */
export const CATALOGUE_STAMP = 'catalogue';

export async function readStamp(db: Db, key: string): Promise<string | undefined> {
  const rows = await db
    .select({ version: catalogueStamps.version })
    .from(catalogueStamps)
    .where(eq(catalogueStamps.key, key))
    .limit(1);
  return rows[0]?.version;
}

export async function writeStamp(db: Db, key: string, version: string): Promise<void> {
  await db
    .insert(catalogueStamps)
    .values({ key, version })
    .onConflictDoUpdate({ target: catalogueStamps.key, set: { version, updatedAt: sql`now()` } });
}

/** Marks the catalogue as changed: every instance's cached reads get a new version and ETag. */
export async function bumpCatalogueVersion(db: Db): Promise<void> {
  await writeStamp(db, CATALOGUE_STAMP, randomUUID());
}

export interface CatalogueCache {
  /** The cached value for key under the current catalogue version, loading it when missing. */
  get<T>(key: string, load: () => Promise<T>): Promise<{ value: T; version: string }>;
  /** Forgets everything (the next read re-checks the version). */
  invalidate(): void;
}

/**
 * An in-memory cache of hot, rarely-changing reads. It holds no state another instance needs:
 * the catalogue version lives in the database and is re-checked at most every checkEveryMs, so
 * a re-seed or an import (even from another process) invalidates every instance's cache.
 */
export function createCatalogueCache(db: Db, options: { checkEveryMs?: number; maxEntries?: number } = {}) {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  let version: string | undefined;
  let checkedAt = 0;
  let checking: Promise<string> | undefined;
  const entries = new Map<string, Promise<unknown>>();

  async function currentVersion(): Promise<string> {
    if (version !== undefined && performance.now() - checkedAt < checkEveryMs) return version;
    checking ??= readStamp(db, CATALOGUE_STAMP)
      .then((v) => {
        const next = v ?? 'initial';
        if (next !== version) entries.clear();
        version = next;
        checkedAt = performance.now();
        return next;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  const cache: CatalogueCache = {
    async get<T>(key: string, load: () => Promise<T>) {
      const v = await currentVersion();
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entry = load();
        entries.set(key, entry);
        // A failed load is not cached.
        entry.catch(() => entries.delete(key));
      }
      return { value: await entry, version: v };
    },
    invalidate() {
      entries.clear();
      version = undefined;
    },
  };
  return cache;
}
