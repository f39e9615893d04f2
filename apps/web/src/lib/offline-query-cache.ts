/**
 * The offline copy of the query cache (decision 015): every successful query of the signed-in
 * user is saved to IndexedDB and put back into the query cache on the next start, so what the
 * user has opened (trips, their features, planner, checklist and members, the trip list, places,
 * crew, chats) can be read with no network. The query cache stays the one cache in memory: this
 * module only writes it out and hydrates it back; screens never read IndexedDB.
 *
 * - One record per user (key `user:<id>`); starting for a user deletes every other user's record
 *   (a user switch), and `clearOfflineQueryCache` deletes them all (logout, session reset).
 * - A query keeps its saved copy when it leaves memory (garbage collection): the copy goes only
 *   when the server answers 403 or 404 for it, when it is older than `maxAgeMs`, or by the cap.
 * - Size cap: the newest answers are kept, at most `maxEntries` queries and `maxBytes` characters
 *   of JSON; the oldest (by the time their data was fetched) are dropped beyond that.
 * - A query opts out with `meta: { offline: false }`.
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
  userId: string;
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

const recordKey = (userId: string) => `user:${userId}`;

let defaultStore: KeyValueStore<SavedQueries> | null | undefined;
function offlineStore(): KeyValueStore<SavedQueries> | null {
  if (defaultStore === undefined) defaultStore = openKeyValueStore(OFFLINE_DB_NAME, OFFLINE_STORE_NAME);
  return defaultStore;
}

const persistable = (query: Query): boolean =>
  query.state.status === 'success' && query.state.data !== undefined && query.meta?.offline !== false;

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
  userId: string;
  store?: KeyValueStore<SavedQueries> | null;
  limits?: Partial<OfflineCacheLimits>;
  saveDelayMs?: number;
  /** Put the saved answers back into the query cache (the page opened offline); default true. */
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
    if (!active || !store) return;
    for (const hash of changed) {
      const query = queryClient.getQueryCache().get(hash);
      // A query that left memory (garbage collection, queryClient.clear) keeps its saved copy.
      if (query && persistable(query)) saved.set(hash, dehydrateQuery(query));
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

  const schedule = (hash: string) => {
    changed.add(hash);
    if (timer === undefined && active) timer = setTimeout(() => void save(), saveDelayMs);
  };

  const onEvent = (event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' && event.type !== 'added') return;
    const { query } = event;
    if (persistable(query) && (event.type === 'added' || event.action.type === 'success')) {
      schedule(query.queryHash);
    } else if (refused(query) && saved.has(query.queryHash)) {
      schedule(query.queryHash);
    }
  };

  const restore = async (): Promise<void> => {
    if (!store) return;
    try {
      // A user switch: nobody else's data stays on the device.
      const others = (await store.keys()).filter((other) => other !== key);
      await Promise.all(others.map((other) => store.delete(other)));
      const record = await store.get(key);
      if (!active || !record || record.version !== OFFLINE_CACHE_VERSION || record.userId !== userId) return;
      const queries = capSavedQueries(record.queries, limits);
      for (const query of queries) if (!saved.has(query.queryHash)) saved.set(query.queryHash, query);
      // Only older-than-memory answers are replaced (hydrate compares dataUpdatedAt). A page that
      // opened online reads the server: the saved answers only go back to memory offline.
      if (restoreIntoMemory) hydrate(queryClient, { queries, mutations: [] });
    } catch (error) {
      console.warn('The offline copy of the data could not be read', error);
    }
  };

  const unsubscribe = queryClient.getQueryCache().subscribe(onEvent);
  // Answers that arrived before this module loaded.
  for (const query of queryClient.getQueryCache().getAll())
    if (persistable(query)) changed.add(query.queryHash);
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

/** Deletes every user's saved queries (logout, session reset). */
export async function clearOfflineQueryCache(
  store: KeyValueStore<SavedQueries> | null = offlineStore(),
): Promise<void> {
  try {
    await store?.clear();
  } catch (error) {
    console.warn('The offline copy of the data could not be cleared', error);
  }
}
