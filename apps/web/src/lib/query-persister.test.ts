import { QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, apiGet, ApiError, resetApiClient } from './api-client.ts';
import { cacheKey, invalidateServerData, withSessionCache } from './query-persister.ts';
import { errorBody, jsonResponse, mockFetch } from './testing/fetch-mock.ts';

/** A cached GET of `path` as the modules write one. */
const cachedQuery = (path: string, lifetimeMs?: number) =>
  withSessionCache(
    queryOptions({ queryKey: ['test', path], queryFn: () => api.get<unknown>(path), retry: false }),
    path,
    lifetimeMs,
  );

/** Each call is a fresh page (a reload): only sessionStorage survives. */
const freshPage = () => new QueryClient();
const load = (path: string, lifetimeMs?: number, client = freshPage()) =>
  client.fetchQuery(cachedQuery(path, lifetimeMs));

beforeEach(() => {
  resetApiClient();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 4, 1, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('cached GET (TanStack Query persister in sessionStorage)', () => {
  it('[CLIENT-12] keeps a response in sessionStorage for 15 minutes by default, then refetches', async () => {
    let version = 1;
    const mock = mockFetch(() => jsonResponse(200, { version }));
    await expect(load('/core/suggestions')).resolves.toEqual({ version: 1 });
    expect(JSON.parse(sessionStorage.getItem(cacheKey('/core/suggestions')) ?? 'null')).toMatchObject({
      expireAt: Date.now() + 15 * 60 * 1000,
      data: { version: 1 },
    });

    version = 2;
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 - 1);
    await expect(load('/core/suggestions')).resolves.toEqual({ version: 1 });
    expect(mock.requests).toHaveLength(1);

    vi.setSystemTime(Date.now() + 2);
    await expect(load('/core/suggestions')).resolves.toEqual({ version: 2 });
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] honours a per-query lifetime', async () => {
    const mock = mockFetch(() => jsonResponse(200, [{ _id: 'n1' }]));
    await load('/users/notifications', 60_000);
    vi.setSystemTime(Date.now() + 59_000);
    await load('/users/notifications', 60_000);
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await load('/users/notifications', 60_000);
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] invalidating the query drops the stored answer so the next load hits the network', async () => {
    const mock = mockFetch(() => jsonResponse(200, [{ _id: 'u1' }]));
    const client = freshPage();
    await load('/users/crew/my-crew', undefined, client);
    await invalidateServerData(client, { queryKey: ['test'] });
    expect(mock.requests).toHaveLength(1); // nothing observes the query: no refetch yet
    expect(sessionStorage.getItem(cacheKey('/users/crew/my-crew'))).toBeNull();
    await load('/users/crew/my-crew');
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] a refetch of a loaded query asks the network and stores the new answer', async () => {
    let version = 1;
    const mock = mockFetch(() => jsonResponse(200, { version }));
    const client = freshPage();
    await load('/core/wishlist/listnames', undefined, client);
    version = 2;
    await client.refetchQueries({ queryKey: ['test'] });
    expect(mock.requests).toHaveLength(2);
    expect(JSON.parse(sessionStorage.getItem(cacheKey('/core/wishlist/listnames')) ?? 'null')).toMatchObject({
      data: { version: 2 },
    });
  });

  it('[CLIENT-12] errors are not cached and concurrent loads share one request', async () => {
    let fail = true;
    const mock = mockFetch(() =>
      fail ? jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')) : jsonResponse(200, [1]),
    );
    await expect(load('/core/vocabulary/travel-checklist')).rejects.toMatchObject({ status: 500 });
    expect(sessionStorage.getItem(cacheKey('/core/vocabulary/travel-checklist'))).toBeNull();
    fail = false;
    const client = freshPage();
    const [a, b] = await Promise.all([
      load('/core/vocabulary/travel-checklist', undefined, client),
      load('/core/vocabulary/travel-checklist', undefined, client),
    ]);
    expect(a).toEqual([1]);
    expect(b).toEqual([1]);
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] a corrupt stored answer is ignored', async () => {
    sessionStorage.setItem(cacheKey('/core/suggestions'), '{not json');
    const mock = mockFetch(() => jsonResponse(200, ['s']));
    await expect(load('/core/suggestions')).resolves.toEqual(['s']);
    expect(mock.requests).toHaveLength(1);
  });
});

describe('apiGet', () => {
  const schema = z.array(z.object({ _id: z.string() }));

  it('returns the answer parsed by its contract', async () => {
    mockFetch(() => jsonResponse(200, [{ _id: 'a', extra: 1 }]));
    await expect(apiGet('/x', schema)).resolves.toEqual([{ _id: 'a' }]);
  });

  it('a schema given as a promise (lazy contract) works the same', async () => {
    mockFetch(() => jsonResponse(200, [{ _id: 'a' }]));
    await expect(apiGet('/x', Promise.resolve(schema))).resolves.toEqual([{ _id: 'a' }]);
  });

  it('an answer off its contract fails with the one ApiError type', async () => {
    mockFetch(() => jsonResponse(200, [{ id: 1 }]));
    const error = await apiGet('/core/things?x=1', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, data: [{ id: 1 }] });
  });
});
