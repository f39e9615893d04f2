import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { openKeyValueStore } from './idb-store.ts';
import {
  capSavedQueries,
  clearOfflineQueryCache,
  DEFAULT_OFFLINE_LIMITS,
  type OfflineQueryCache,
  type SavedQueries,
  type SavedQuery,
  startOfflineQueryCache,
} from './offline-query-cache.ts';

let dbCount = 0;
/** A fresh IndexedDB store per test (fake-indexeddb). */
function freshStore() {
  dbCount += 1;
  const store = openKeyValueStore<SavedQueries>(`offline-test-${dbCount}`, 'query-cache');
  if (!store) throw new Error('no IndexedDB');
  return store;
}

/** A cache for user u1 over a fresh store and a fresh query client. */
function startForU1() {
  const store = freshStore();
  const client = new QueryClient();
  const cache = start({ queryClient: client, userId: 'u1', store });
  return { store, client, cache };
}

/** The query hashes saved for user u1, in saving order. */
const savedHashes = async (store: ReturnType<typeof freshStore>) =>
  (await store.get('user:u1'))?.queries.map((query) => query.queryHash);

const started: OfflineQueryCache[] = [];
function start(options: Parameters<typeof startOfflineQueryCache>[0]): OfflineQueryCache {
  const cache = startOfflineQueryCache({ saveDelayMs: 5, ...options });
  started.push(cache);
  return cache;
}

afterEach(() => {
  for (const cache of started.splice(0)) cache.stop();
  vi.restoreAllMocks();
});

const trip = (id: string) => ({ _id: id, tripName: `Trip ${id}` });

describe('offline query cache (IndexedDB, per user)', () => {
  it('saves the answers of a user and puts them back into a new query cache', async () => {
    const { store, client: first, cache } = startForU1();
    await cache.ready;
    first.setQueryData(['trips', 'detail', 't1'], trip('t1'));
    first.setQueryData(['trips', 'list'], [trip('t1')]);
    await cache.flush();
    cache.stop();

    const saved = await store.get('user:u1');
    expect(saved?.queries.map((query) => query.queryHash).sort()).toEqual([
      '["trips","detail","t1"]',
      '["trips","list"]',
    ]);

    const reloaded = new QueryClient();
    await start({ queryClient: reloaded, userId: 'u1', store }).ready;
    expect(reloaded.getQueryData(['trips', 'detail', 't1'])).toEqual(trip('t1'));
    expect(reloaded.getQueryData(['trips', 'list'])).toEqual([trip('t1')]);
  });

  it('saves answers that arrived before it started, and keeps a copy when a query leaves memory', async () => {
    const store = freshStore();
    const client = new QueryClient();
    client.setQueryData(['places', 'p1'], { _id: 'p1' });
    const cache = start({ queryClient: client, userId: 'u1', store });
    await cache.flush();
    client.removeQueries({ queryKey: ['places', 'p1'] });
    client.setQueryData(['crew'], []);
    await cache.flush();
    const saved = await store.get('user:u1');
    expect(saved?.queries.map((query) => query.queryHash).sort()).toEqual(['["crew"]', '["places","p1"]']);
  });

  it('does not overwrite newer answers already in memory', async () => {
    const { store, client: old, cache } = startForU1();
    old.setQueryData(['trips', 'detail', 't1'], trip('t1'), { updatedAt: Date.now() - 60_000 });
    await cache.flush();
    cache.stop();

    const client = new QueryClient();
    client.setQueryData(['trips', 'detail', 't1'], { _id: 't1', tripName: 'Renamed' });
    await start({ queryClient: client, userId: 'u1', store }).ready;
    expect(client.getQueryData(['trips', 'detail', 't1'])).toEqual({ _id: 't1', tripName: 'Renamed' });
  });

  it('a user switch deletes the previous user’s saved answers and restores none of them', async () => {
    const store = freshStore();
    const a = new QueryClient();
    const cacheA = start({ queryClient: a, userId: 'ua', store });
    a.setQueryData(['trips', 'list'], [trip('secret')]);
    await cacheA.flush();
    cacheA.stop();

    const b = new QueryClient();
    const cacheB = start({ queryClient: b, userId: 'ub', store });
    await cacheB.ready;
    expect(b.getQueryData(['trips', 'list'])).toBeUndefined();
    expect(await store.keys()).toEqual([]);
    b.setQueryData(['trips', 'list'], [trip('mine')]);
    await cacheB.flush();
    expect(await store.keys()).toEqual(['user:ub']);
  });

  it('clearOfflineQueryCache (logout) deletes every saved answer; a stopped cache saves nothing more', async () => {
    const { store, client, cache } = startForU1();
    client.setQueryData(['trips', 'list'], [trip('t1')]);
    await cache.flush();
    cache.stop();
    client.setQueryData(['trips', 'list'], [trip('t2')]);
    await clearOfflineQueryCache(store);
    expect(await store.keys()).toEqual([]);

    const next = new QueryClient();
    await start({ queryClient: next, userId: 'u1', store }).ready;
    expect(next.getQueryData(['trips', 'list'])).toBeUndefined();
  });

  it('drops the copy of a query the server answers 404 or 403 for', async () => {
    const store = freshStore();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cache = start({ queryClient: client, userId: 'u1', store });
    client.setQueryData(['trips', 'detail', 'gone'], trip('gone'), { updatedAt: Date.now() - 120_000 });
    client.setQueryData(['trips', 'list'], []);
    await cache.flush();
    await client
      .fetchQuery({
        queryKey: ['trips', 'detail', 'gone'],
        staleTime: 0,
        queryFn: () =>
          Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Trip not found' })),
      })
      .catch(() => undefined);
    await cache.flush();
    expect(await savedHashes(store)).toEqual(['["trips","list"]']);
  });

  it('skips queries that opt out with meta.offline = false', async () => {
    const { store, client, cache } = startForU1();
    await client.fetchQuery({ queryKey: ['secret'], queryFn: () => 'x', meta: { offline: false } });
    client.setQueryData(['trips', 'list'], []);
    await cache.flush();
    expect(await savedHashes(store)).toEqual(['["trips","list"]']);
  });

  it('[cached GET] online, puts back only cached GETs within their lifetime and not invalidated since', async () => {
    const { store, client: first, cache } = startForU1();
    await cache.ready;
    const cached = { meta: { cachedForMs: 60_000 } };
    first.getQueryCache().build(first, { queryKey: ['suggestions'], ...cached });
    first.setQueryData(['suggestions'], ['s1']);
    first.getQueryCache().build(first, { queryKey: ['crew', 'my-crew'], ...cached });
    first.setQueryData(['crew', 'my-crew'], ['u2']);
    first.setQueryData(['trips', 'list'], [trip('t1')]);
    await first.invalidateQueries({ queryKey: ['crew'], refetchType: 'none' });
    await cache.flush();
    cache.stop();

    const online = new QueryClient();
    await start({ queryClient: online, userId: 'u1', store, restoreIntoMemory: false }).ready;
    expect(online.getQueryData(['suggestions'])).toEqual(['s1']);
    expect(online.getQueryData(['crew', 'my-crew'])).toBeUndefined();
    expect(online.getQueryData(['trips', 'list'])).toBeUndefined();

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    const later = new QueryClient();
    await start({ queryClient: later, userId: 'u1', store, restoreIntoMemory: false }).ready;
    expect(later.getQueryData(['suggestions'])).toBeUndefined();
  });

  it('[cached GET] an invalidated cached GET is written at once, so a reload right after does not put the old answer back', async () => {
    const store = freshStore();
    const client = new QueryClient();
    // Other changes wait a minute: only a cached GET's change can have been written by now.
    const cache = start({ queryClient: client, userId: 'u1', store, saveDelayMs: 60_000 });
    await cache.ready;
    client.getQueryCache().build(client, { queryKey: ['crew', 'my-crew'], meta: { cachedForMs: 60_000 } });
    client.setQueryData(['crew', 'my-crew'], []);
    await vi.waitFor(async () => expect(await savedHashes(store)).toEqual(['["crew","my-crew"]']));
    await client.invalidateQueries({ queryKey: ['crew'], refetchType: 'none' });
    await vi.waitFor(async () =>
      expect((await store.get('user:u1'))?.queries[0]?.state.isInvalidated).toBe(true),
    );
    // The reload (the cache stops with nothing more written) finds no crew to put back online.
    cache.stop();
    const reloaded = new QueryClient();
    await start({ queryClient: reloaded, userId: 'u1', store, restoreIntoMemory: false }).ready;
    expect(reloaded.getQueryData(['crew', 'my-crew'])).toBeUndefined();
  });

  it('[cached GET] saves a visitor’s cached GETs only, under the visitor record, and keeps users’ records', async () => {
    const store = freshStore();
    await store.set('user:u1', { userId: 'u1', version: 1, savedAt: Date.now(), queries: [] });
    const client = new QueryClient();
    const cache = start({ queryClient: client, userId: null, store });
    await cache.ready;
    client
      .getQueryCache()
      .build(client, { queryKey: ['places', 'place', 'p1'], meta: { cachedForMs: 60_000 } });
    client.setQueryData(['places', 'place', 'p1'], { _id: 'p1' });
    client.setQueryData(['features', 'list'], []);
    await cache.flush();
    const saved = await store.get('visitor');
    expect(saved?.userId).toBeNull();
    expect(saved?.queries.map((query) => query.queryHash)).toEqual(['["places","place","p1"]']);
    expect((await store.keys()).sort()).toEqual(['user:u1', 'visitor']);
  });

  it('size cap: keeps the newest answers within the entry and byte limits', async () => {
    const store = freshStore();
    const client = new QueryClient();
    const cache = start({ queryClient: client, userId: 'u1', store, limits: { maxEntries: 3 } });
    const now = Date.now();
    for (let i = 0; i < 5; i++)
      client.setQueryData(['trips', 'detail', `t${i}`], trip(`t${i}`), { updatedAt: now - (5 - i) * 1000 });
    await cache.flush();
    const saved = await store.get('user:u1');
    expect(saved?.queries.map((query) => query.queryKey[2])).toEqual(['t4', 't3', 't2']);
  });
});

describe('capSavedQueries', () => {
  const entry = (id: string, dataUpdatedAt: number, data: unknown = { id }): SavedQuery => {
    const client = new QueryClient();
    client.setQueryData([id], data, { updatedAt: dataUpdatedAt });
    const query = client.getQueryCache().find({ queryKey: [id] });
    if (!query) throw new Error('no query');
    return { queryKey: [id], queryHash: query.queryHash, state: query.state, dehydratedAt: dataUpdatedAt };
  };

  it('drops the oldest beyond the byte limit, skips a single answer larger than it, and drops expired ones', () => {
    const now = 10_000_000_000;
    const small = (id: string, at: number) => entry(id, at, 'x'.repeat(100));
    const huge = entry('huge', now, 'x'.repeat(5000));
    const queries = [small('a', now - 3), small('b', now - 2), small('c', now - 1), huge];
    const size = JSON.stringify(small('a', now - 3)).length;
    const kept = capSavedQueries(queries, { ...DEFAULT_OFFLINE_LIMITS, maxBytes: size * 2 + 10 }, now);
    expect(kept.map((query) => query.queryHash)).toEqual(['["c"]', '["b"]']);

    const expired = entry('old', now - DEFAULT_OFFLINE_LIMITS.maxAgeMs - 1);
    expect(
      capSavedQueries([expired, small('a', now)], DEFAULT_OFFLINE_LIMITS, now).map((q) => q.queryHash),
    ).toEqual(['["a"]']);
  });
});
