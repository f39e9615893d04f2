import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cachedJson, createLru, createVersionedCache } from './catalogue-cache.ts';
import { encodeJson, etagOf } from './http-cache.ts';

/** The catalogue cache and its LRU (lru-cache underneath), without a database. */
describe('catalogue cache', () => {
  const versioned = (options: { maxEntries?: number } = {}) => {
    const state = { version: 'v1' as string | undefined, reads: 0 };
    const cache = createVersionedCache({
      readVersion: async () => {
        state.reads += 1;
        return state.version;
      },
      checkEveryMs: 0,
      ...options,
    });
    return { cache, state };
  };

  it('[PERF-02] loads a key once per version; a new version starts empty', async () => {
    const { cache, state } = versioned();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toEqual({ value: 1, version: 'v1' });
    expect(await cache.get('k', load)).toEqual({ value: 1, version: 'v1' });
    state.version = 'v2';
    expect(await cache.get('k', load)).toEqual({ value: 2, version: 'v2' });
    state.version = undefined;
    expect((await cache.get('k', load)).version).toBe('initial');
  });

  it('[PERF-02] concurrent reads share one load; a failed load is not kept', async () => {
    const { cache } = versioned();
    let loads = 0;
    // The load finishes only once both reads have asked for it.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      await gate;
      return ++loads;
    };
    const both = Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    release();
    const [a, b] = await both;
    expect([a.value, b.value, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('bad', async () => 'up')).value).toBe('up');
  });

  it('[PERF-02] keeps at most maxEntries keys, forgetting the least recently used', async () => {
    const { cache } = versioned({ maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a is now the newest
    await cache.get('c', load); // b goes
    expect(loads).toBe(3);
    expect((await cache.get('a', load)).value).toBe(1);
    expect((await cache.get('b', load)).value).toBe(4);
  });

  it('[PERF-02] the LRU moves a hit last and drops the oldest beyond its size', () => {
    const lru = createLru<{ n: number }>(2);
    lru.set('a', { n: 1 });
    lru.set('b', { n: 2 });
    expect(lru.get('a')).toEqual({ n: 1 });
    lru.set('c', { n: 3 });
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([{ n: 1 }, undefined, { n: 3 }, 2]);
  });

  it('[FEATURE-09] a cached read keeps the contract JSON and a strong ETag of its bytes', async () => {
    const { cache } = versioned();
    const schema = z.object({ title: z.string() });
    const value = { title: 'Lisbon', extra: 'dropped' } as { title: string };
    const cached = await cachedJson(cache, 'place', schema, async () => value);
    expect(cached.body.toString()).toBe('{"title":"Lisbon"}');
    expect(cached.etag).toBe(etagOf(cached.body));
    expect(cached.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(encodeJson(schema, { title: 'Lisbon' }).etag).toBe(cached.etag);
  });
});
