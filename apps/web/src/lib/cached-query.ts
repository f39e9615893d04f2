/**
 * The SPEC's cached GET (§7, §9: 15 minutes unless a query says otherwise) as a rule on the query
 * itself. The query cache is the one copy in memory; its one persister is the IndexedDB copy
 * (lib/offline-query-cache.ts, decision 015), which reads each query's rule from its `meta`:
 *
 * - `meta.cachedForMs`: the answer is fresh this long, and a saved copy younger than that (and not
 *   invalidated since) is put back into memory on the next start even with a network; it is also
 *   saved for a visitor (signed out), under the visitor's own record.
 * - `meta.offline: false`: never saved.
 * - any other successful query of a signed-in user: saved, and read back only offline.
 *
 * A change invalidates queries the usual way (`queryClient.invalidateQueries`): the persister
 * marks their saved copies invalidated, so a reload asks the server again.
 */
export const DEFAULT_CACHE_LIFETIME_MS = 15 * 60 * 1000;
/** Unused queries stay in memory at least this long (TanStack Query's default gcTime). */
const MIN_GC_TIME_MS = 5 * 60 * 1000;

/** The rules a query may carry for the persister. */
export interface PersistRules {
  /** SPEC's cached GET: fresh for this long, restored online while younger than this. */
  cachedForMs?: number;
  /** False: the answer is never saved. */
  offline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PersistRules & Record<string, unknown>;
  }
}

/**
 * A cached GET: wraps a query's options (`cachedQuery(queryOptions({ queryKey, queryFn }))`) so
 * that its answer is fresh, and its saved copy used, for `lifetimeMs` (default 15 minutes).
 */
export function cachedQuery<TOptions extends { meta?: Record<string, unknown> }>(
  options: TOptions,
  lifetimeMs: number = DEFAULT_CACHE_LIFETIME_MS,
): TOptions & { staleTime: number; gcTime: number } {
  return {
    ...options,
    staleTime: lifetimeMs,
    gcTime: Math.max(lifetimeMs, MIN_GC_TIME_MS),
    meta: { ...options.meta, cachedForMs: lifetimeMs },
  };
}
