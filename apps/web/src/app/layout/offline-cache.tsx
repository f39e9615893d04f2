import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isOnline, subscribeOnline } from '../../lib/network-status.ts';
import type * as OfflineQueryCacheModule from '../../lib/offline-query-cache.ts';
import { useAppSelector } from '../store/store.ts';
import { afterPageSettles } from './register-service-worker.ts';

type OfflineCacheModule = typeof OfflineQueryCacheModule;

/** The offline layer's chunk, requested once (after the first render, never in the entry chunk). */
let loading: Promise<OfflineCacheModule> | null = null;
const loadOfflineCache = (): Promise<OfflineCacheModule> =>
  (loading ??= import('../../lib/offline-query-cache.ts'));

/**
 * The query cache's one persister (decisions 011, 015): after the first render (offline: at once;
 * online: once the page has settled), loads lib/offline-query-cache.ts, puts the saved answers
 * back into the query cache (offline: all of the user's; online: the cached GETs within their
 * lifetime) and keeps saving them — a signed-in user's queries, or a visitor's cached GETs.
 * Signing out (logout, a session reset, another tab) deletes every saved answer; another user
 * signing in deletes the previous user's.
 */
export function OfflineCache() {
  const queryClient = useQueryClient();
  const userId = useAppSelector((state) => (state.user.isAuthenticated ? state.user._id : null));
  const previousUser = useRef<string | null>(null);

  useEffect(() => {
    const signedOut = previousUser.current !== null && userId === null;
    previousUser.current = userId;
    const cleared = signedOut
      ? loadOfflineCache().then((module) => module.clearOfflineQueryCache())
      : Promise.resolve();
    let stopped = false;
    let begun = false;
    let cache: ReturnType<OfflineCacheModule['startOfflineQueryCache']> | undefined;
    // Every saved answer goes back into memory only when the page opened offline: online, the
    // page reads the server, and only a cached GET within its lifetime may answer for it
    // (hydrate never replaces an answer newer than the saved one).
    const openedOffline = !isOnline();
    const begin = () => {
      if (begun || stopped) return;
      begun = true;
      Promise.all([loadOfflineCache(), cleared])
        .then(([module]) => {
          if (!stopped)
            cache = module.startOfflineQueryCache({ queryClient, userId, restoreIntoMemory: openedOffline });
        })
        .catch((error: unknown) => console.warn('The offline cache could not be loaded', error));
    };
    // Offline, the saved answers are what the page shows: at once. Online, they wait until the
    // first page has loaded and the browser is idle, so they never compete with it (PERF-07).
    if (!isOnline()) begin();
    else afterPageSettles(begin, 0);
    const stopWatching = subscribeOnline(() => {
      if (!isOnline()) begin();
    });
    const flush = () => void cache?.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      stopped = true;
      cache?.stop();
      stopWatching();
      window.removeEventListener('pagehide', flush);
    };
  }, [queryClient, userId]);

  return null;
}
