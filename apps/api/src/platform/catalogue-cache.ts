import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { encodeJson, type CachedJson } from './http-cache.ts';

export interface CatalogueCache {
  /** The cached value for key under the current catalogue version, loading it when missing. */
  get<T>(key: string, load: () => Promise<T>): Promise<{ value: T; version: string }>;
  /** Forgets everything (the next read re-checks the version). */
  invalidate(): void;
}

/** A bounded map that forgets the least recently used key first (a hit makes its key the newest). */
export type Lru<V extends object> = LRUCache<string, V>;

export function createLru<V extends object>(maxEntries: number): Lru<V> {
  return new LRUCache<string, V>({ max: maxEntries });
}

export interface CatalogueCacheOptions {
  /** The catalogue's current version (undefined before the first seed); re-read at most every checkEveryMs. */
  readVersion: () => Promise<string | undefined>;
  checkEveryMs?: number | undefined;
  maxEntries?: number | undefined;
}

/**
 * An in-memory cache of hot, rarely-changing reads. It holds no state another instance needs:
 * the catalogue version lives in the database and is re-checked at most every checkEveryMs, so
 * a re-seed or an import (even from another process) invalidates every instance's cache.
 */
export function createVersionedCache(options: CatalogueCacheOptions): CatalogueCache {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const entries = createLru<Promise<unknown>>(options.maxEntries ?? 10_000);
  let version: string | undefined;
  let checkedAt = 0;
  let checking: Promise<string> | undefined;

  async function currentVersion(): Promise<string> {
    if (version !== undefined && performance.now() - checkedAt < checkEveryMs) return version;
    checking ??= options
      .readVersion()
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

  return {
    async get<T>(key: string, load: () => Promise<T>) {
      const v = await currentVersion();
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        const loading = load();
        entries.set(key, loading);
        // A failed load is not cached.
        loading.catch(() => {
          if (entries.peek(key) === loading) entries.delete(key);
        });
        entry = loading;
      }
      return { value: await entry, version: v };
    },
    invalidate() {
      entries.clear();
      version = undefined;
    },
  };
}

/**
 * Loads `key` through the catalogue cache and keeps the serialized body next to the value, so a
 * hot read costs neither a database round trip nor a response serialization (PERF-02). The body
 * is the contract's encoding of the value (unknown keys dropped, as the route serializer does),
 * computed once per catalogue version.
 */
export async function cachedJson<S extends z.ZodType>(
  cache: CatalogueCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<CachedJson<z.output<S>>> {
  const { value } = await cache.get(`json:${key}`, async () => encodeJson(schema, await load()));
  return value;
}
