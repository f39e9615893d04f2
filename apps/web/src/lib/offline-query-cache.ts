/**
 * The one persister of the query cache (decisions 011, 015): successful queries are saved to
 * IndexedDB and put back into the query cache on the next start. The query cache stays the one
 * copy in memory: this module only writes it out and hydrates it back; screens never read
 * IndexedDB. What happens to a query is decided by its own rules (`meta`, lib/cached-query.ts):
 *
 * - A signed-in user's successful queries are saved under `user:<id>`; a page opened offline gets
 *   them all back, so what the user has opened (trips, their features, planner, checklist and
 *   members, the trip list, places, crew, chats) can be read with no network.
 * - A cached GET (`meta.cachedForMs`, SPEC §7/§9) is also put back with a network while its copy is
 *   younger than its lifetime and was not invalidated since; for a visitor only these are saved,
 *   under `visitor`.
 * - `meta.offline: false` opts a query out.
 * - Starting for a user deletes every other record (a user switch); `clearOfflineQueryCache`
 *   deletes them all (logout, session reset).
 * - A query keeps its saved copy when it leaves memory (garbage collection): the copy goes only
 *   when the server answers 403 or 404 for it, when it is older than `maxAgeMs`, or by the cap.
 * - Size cap: the newest answers are kept, at most `maxEntries` queries and `maxBytes` characters
 *   of JSON; the oldest (by the time their data was fetched) are dropped beyond that.
 *
 * Loaded with a dynamic import after the first render (app/layout/offline-cache.tsx).
 */
import {
  dehydrateQuery,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import { type KeyValueStore, openKeyValueStore } from './idb-store.ts';

export type SavedQuery = DehydratedState['queries'][number];

/** What is stored for one user. */
export interface SavedQueries {
  /** The user, or null for a visitor's cached GETs. */
  userId: string | null;
  /** Saved answers of another format are ignored (bump when the stored shape changes). */
  version: number;
  savedAt: number;
  queries: SavedQuery[];
}

export interface OfflineCacheLimits {
  /** At most this many queries are kept. */
  maxEntries: number;
  /** At most this many characters of JSON (about bytes for this data) are kept. */
  maxBytes: number;
  /** Answers fetched longer ago are not restored and are dropped. */
  maxAgeMs: number;
}

export const OFFLINE_CACHE_VERSION = 1;
export const OFFLINE_DB_NAME = 'tripcrew-offline';
export const OFFLINE_STORE_NAME = 'query-cache';
export const DEFAULT_OFFLINE_LIMITS: OfflineCacheLimits = {
  maxEntries: 300,
  maxBytes: 5 * 1024 * 1024,
  maxAgeMs: 14 * 24 * 60 * 60 * 1000,
};
/** Changes are written at most this often. */
export const SAVE_DELAY_MS = 1000;

export const VISITOR_RECORD = 'visitor';
const recordKey = (userId: string | null) => (userId === null ? VISITOR_RECORD : `user:${userId}`);

/** The lifetime of a cached GET (its `meta.cachedForMs`), or undefined for any other query. */
function cachedFor(meta: Record<string, unknown> | undefined): number | undefined {
  const value = meta?.cachedForMs;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** A saved copy that may answer with a network: a cached GET, younger than its lifetime, not invalidated. */
export function servesOnline(query: SavedQuery, now: number = Date.now()): boolean {
  const lifetime = cachedFor(query.meta);
  return lifetime !== undefined && !query.state.isInvalidated && now - query.state.dataUpdatedAt < lifetime;
}

let defaultStore: KeyValueStore<SavedQueries> | null | undefined;
function offlineStore(): KeyValueStore<SavedQueries> | null {
  if (defaultStore === undefined) defaultStore = openKeyValueStore(OFFLINE_DB_NAME, OFFLINE_STORE_NAME);
  return defaultStore;
}

const persistable = (query: Query, userId: string | null): boolean =>
  query.state.status === 'success' &&
  query.state.data !== undefined &&
  query.meta?.offline !== false &&
  (userId !== null || cachedFor(query.meta) !== undefined);

/** The HTTP status of a failed query's error (the client's ApiError), read without importing it. */
function errorStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}

/** The server says the resource is gone or not the user's any more: its copy goes too. */
const refused = (query: Query): boolean =>
  query.state.status === 'error' && [403, 404].includes(errorStatus(query.state.error) as number);

function jsonSize(query: SavedQuery): number {
  try {
    return JSON.stringify(query).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The newest queries within the limits (newest first). */
export function capSavedQueries(
  queries: Iterable<SavedQuery>,
  limits: OfflineCacheLimits,
  now: number = Date.now(),
): SavedQuery[] {
  const fresh = [...queries]
    .filter((query) => now - query.state.dataUpdatedAt <= limits.maxAgeMs)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: SavedQuery[] = [];
  let bytes = 0;
  for (const query of fresh) {
    if (kept.length >= limits.maxEntries) break;
    const size = jsonSize(query);
    if (bytes + size > limits.maxBytes) continue;
    bytes += size;
    kept.push(query);
  }
  return kept;
}

export interface OfflineQueryCache {
  /** Resolves once the saved answers are back in the query cache (or there were none). */
  ready: Promise<void>;
  /** Writes pending changes now (e.g. when the page is hidden). */
  flush: () => Promise<void>;
  /** Stops saving; pending changes are dropped (the user signed out or changed). */
  stop: () => void;
}

export interface StartOfflineQueryCacheOptions {
  queryClient: QueryClient;
  /** The signed-in user, or null: a visitor (only cached GETs are saved). */
  userId: string | null;
  store?: KeyValueStore<SavedQueries> | null;
  limits?: Partial<OfflineCacheLimits>;
  saveDelayMs?: number;
  /**
   * Put every saved answer back into the query cache (the page opened offline); default true.
   * False: only the cached GETs still within their lifetime (`servesOnline`).
   */
  restoreIntoMemory?: boolean;
}

/** Restores `userId`'s saved queries into the query cache, then keeps the saved copy current. */
export function startOfflineQueryCache({
  queryClient,
  userId,
  store = offlineStore(),
  limits: partialLimits,
  saveDelayMs = SAVE_DELAY_MS,
  restoreIntoMemory = true,
}: StartOfflineQueryCacheOptions): OfflineQueryCache {
  const limits = { ...DEFAULT_OFFLINE_LIMITS, ...partialLimits };
  const key = recordKey(userId);
  const saved = new Map<string, SavedQuery>();
  const changed = new Set<string>();
  let active = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = async (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    urgent = false;
    if (!active || !store) return;
    for (const hash of changed) {
      const query = queryClient.getQueryCache().get(hash);
      // A query that left memory (garbage collection, queryClient.clear) keeps its saved copy.
      if (query && persistable(query, userId)) saved.set(hash, dehydrateQuery(query));
      else if (query && refused(query)) saved.delete(hash);
    }
    changed.clear();
    const queries = capSavedQueries(saved.values(), limits);
    saved.clear();
    for (const query of queries) saved.set(query.queryHash, query);
    const record: SavedQueries = { userId, version: OFFLINE_CACHE_VERSION, savedAt: Date.now(), queries };
    try {
      await store.set(key, record);
    } catch (error) {
      console.warn('The offline copy of the data could not be saved', error);
    }
  };

  /**
   * A change is written within `saveDelayMs`; a cached GET's at once: its saved copy answers for
   * it on the next start even online, so a reload right after an invalidation (a crew request
   * accepted elsewhere) must find the copy marked invalidated, not the answer from before.
   */
  let urgent = false;
  const schedule = (hash: string, now: boolean) => {
    changed.add(hash);
    if (!active) return;
    if (now && !urgent) {
      if (timer !== undefined) clearTimeout(timer);
      urgent = true;
      timer = setTimeout(() => {
        urgent = false;
        void save();
      }, 0);
    } else if (timer === undefined) timer = setTimeout(() => void save(), saveDelayMs);
  };

  const onEvent = (event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' && event.type !== 'added') return;
    const { query } = event;
    const saving = event.type === 'added' || ['success', 'invalidate'].includes(event.action.type);
    if (persistable(query, userId) && saving) {
      schedule(query.queryHash, cachedFor(query.meta) !== undefined);
    } else if (refused(query) && saved.has(query.queryHash)) {
      schedule(query.queryHash, false);
    }
  };

  const restore = async (): Promise<void> => {
    if (!store) return;
    try {
      // A user switch: nobody else's data stays on the device. A visitor deletes nothing: the
      // page may not know yet who is signed in, and a sign-out deletes every record anyway.
      if (userId !== null) {
        const others = (await store.keys()).filter((other) => other !== key);
        await Promise.all(others.map((other) => store.delete(other)));
      }
      const record = await store.get(key);
      if (!active || !record || record.version !== OFFLINE_CACHE_VERSION || record.userId !== userId) return;
      const queries = capSavedQueries(record.queries, limits);
      for (const query of queries) if (!saved.has(query.queryHash)) saved.set(query.queryHash, query);
      // Only older-than-memory answers are replaced (hydrate compares dataUpdatedAt). A page that
      // opened online reads the server: only the cached GETs within their lifetime go back.
      const restored = restoreIntoMemory ? queries : queries.filter((query) => servesOnline(query));
      if (restored.length > 0) hydrate(queryClient, { queries: restored, mutations: [] });
    } catch (error) {
      console.warn('The offline copy of the data could not be read', error);
    }
  };

  const unsubscribe = queryClient.getQueryCache().subscribe(onEvent);
  // Answers that arrived before this module loaded.
  for (const query of queryClient.getQueryCache().getAll())
    if (persistable(query, userId)) changed.add(query.queryHash);
  const ready = restore().then(() => {
    if (active && changed.size > 0 && timer === undefined) timer = setTimeout(() => void save(), saveDelayMs);
  });

  return {
    ready,
    flush: () => ready.then(save),
    stop: () => {
      active = false;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      changed.clear();
    },
  };
}

/** The service worker's caches of private files (vite.config.ts): the trips' booking files. */
const PRIVATE_FILE_CACHES = ['tripcrew-booking-files'];

/** Deletes every user's saved queries and the private files the service worker keeps (logout, session reset). */
export async function clearOfflineQueryCache(
  store: KeyValueStore<SavedQueries> | null = offlineStore(),
): Promise<void> {
  try {
    await store?.clear();
    const caches = globalThis.caches as CacheStorage | undefined;
    if (caches) await Promise.all(PRIVATE_FILE_CACHES.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('The offline copy of the data could not be cleared', error);
  }
}
