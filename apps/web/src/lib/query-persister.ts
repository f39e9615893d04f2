/**
 * The SPEC's cached GET (§7, §9: kept in session storage, 15 minutes unless a query says
 * otherwise) as TanStack Query's per-query persister: a query built with `sessionCached(path)`
 * is restored from sessionStorage on its first load in a page (no network while the stored copy
 * is younger than its lifetime), and every answer it fetches is stored again. The query cache is
 * the one cache: `invalidateServerData` invalidates the queries and drops their stored copies, and
 * the session reset clears sessionStorage and the query cache together.
 */
import {
  type InvalidateQueryFilters,
  partialMatchKey,
  type Query,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { readJson, removeItem, storageKeys, writeJson } from './storage.ts';

export const DEFAULT_CACHE_LIFETIME_MS = 15 * 60 * 1000;
/** sessionStorage key prefix of the stored answers; the key is the prefix and the API path. */
export const CACHE_KEY_PREFIX = 'api-cache:';
/** Unused queries stay in memory at least this long (TanStack Query's default gcTime). */
const MIN_GC_TIME_MS = 5 * 60 * 1000;

interface StoredAnswer {
  expireAt: number;
  data: unknown;
  queryKey: QueryKey;
}

function isStoredAnswer(value: unknown): value is StoredAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.expireAt === 'number' && 'data' in entry;
}

/** The sessionStorage key of the answer of `path`. */
export function cacheKey(path: string): string {
  return `${CACHE_KEY_PREFIX}${path}`;
}

/** A QueryPersister for any query (TanStack Query's `persister` option). */
type AnyQueryPersister = <T, TQueryKey extends QueryKey>(
  queryFn: QueryFunction<T, TQueryKey, never>,
  context: QueryFunctionContext<TQueryKey>,
  query: Query,
) => Promise<T>;

function sessionPersister(path: string, lifetimeMs: number): AnyQueryPersister {
  const key = cacheKey(path);
  return async (queryFn, context, query) => {
    // A first load restores the stored answer; a refetch (stale, invalidated) asks the network.
    if (query.state.data === undefined) {
      const stored = readJson('session', key);
      if (isStoredAnswer(stored) && stored.expireAt > Date.now()) {
        return stored.data as Awaited<ReturnType<typeof queryFn>>;
      }
    }
    const data = await queryFn(context);
    writeJson('session', key, {
      expireAt: Date.now() + lifetimeMs,
      data,
      queryKey: context.queryKey,
    } satisfies StoredAnswer);
    return data;
  };
}

/**
 * A cached GET of `path` (SPEC §7): the query's answer is fresh, and kept in sessionStorage, for
 * `lifetimeMs` (default 15 minutes). Wraps the options of the query that reads `path`:
 * `withSessionCache(queryOptions({ queryKey, queryFn }), PATH)`.
 */
export function withSessionCache<TOptions extends { persister?: unknown; networkMode?: unknown }>(
  options: TOptions,
  path: string,
  lifetimeMs: number = DEFAULT_CACHE_LIFETIME_MS,
): TOptions {
  return {
    ...options,
    staleTime: lifetimeMs,
    gcTime: Math.max(lifetimeMs, MIN_GC_TIME_MS),
    // The stored copy needs no network: a page loaded offline still reads it (the query function
    // runs once; only a network fetch waits for the connection).
    networkMode: 'offlineFirst' as TOptions['networkMode'],
    // One persister serves every query: it hands back whatever that query's queryFn returns.
    persister: sessionPersister(path, lifetimeMs) as TOptions['persister'],
  };
}

/** Drops the stored answers of every query whose key starts with `queryKey`. */
export function dropPersistedQueries(queryKey: QueryKey): void {
  for (const key of storageKeys('session')) {
    if (!key.startsWith(CACHE_KEY_PREFIX)) continue;
    const stored = readJson('session', key);
    const storedKey = isStoredAnswer(stored) ? stored.queryKey : undefined;
    if (!Array.isArray(storedKey) || partialMatchKey(storedKey, queryKey)) removeItem('session', key);
  }
}

/** Server data changed: invalidates the matching queries and drops their stored answers. */
export function invalidateServerData(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters & { queryKey: QueryKey },
): Promise<void> {
  dropPersistedQueries(filters.queryKey);
  return queryClient.invalidateQueries(filters);
}
