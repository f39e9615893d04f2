import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
// Loaded by the prefetch on demand: warmed here so a wait never races the first transform.
import '../../modules/features/components/fallback-image.ts';
import { placeQueryOptions } from '../../modules/places/api/get-place.ts';
import { makePlace } from '../../modules/places/testing/place-fixtures.ts';
import { tripKeys } from '../../modules/trips/api/trip-keys.ts';
import { makeTrip, mockTripApi } from '../../modules/trips/testing/trip-fixtures.ts';
import { connectApiClient } from '../store/store.ts';
import { prefetchFirstPage } from './first-page-prefetch.ts';
import { settle } from '../../../test/settle.ts';

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
  resetApiClient();
  sessionStorage.clear();
});

const PLACE = makePlace();

function startUp() {
  const { store, persistor } = makeStore();
  connectApiClient(store);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { store, persistor, queryClient };
}

/** Signed in, the trip's endpoints answering: the first page at `pathname` (and `search`) prefetched. */
async function prefetchSignedIn(pathname: string, search = '') {
  const fetch = mockTripApi();
  const deps = startUp();
  signIn(deps.store);
  await prefetchFirstPage({ pathname, search }, deps);
  return { fetch, deps };
}

/** A browser that signed in earlier: the user as the app persists it (redux-persist, key "user"). */
function savedSignedInUser() {
  const field = (value: unknown) => JSON.stringify(value);
  localStorage.setItem(
    'user',
    JSON.stringify({
      isAuthenticated: field(true),
      name: field('Ada'),
      _id: field('u-1'),
      _persist: field({ version: 1, rehydrated: true }),
    }),
  );
}

describe('prefetchFirstPage', () => {
  it('[PERF-07] opening a trip asks for the trip and its features at start-up, into the query cache', async () => {
    const { fetch, deps } = await prefetchSignedIn('/trips/t-1');
    expect(fetch.to('/core/trips/t-1', 'GET')).toHaveLength(1);
    expect(fetch.to('/core/trips/features/t-1', 'GET')).toHaveLength(1);
    expect(deps.queryClient.getQueryData(tripKeys.detail('t-1'))).toEqual(makeTrip());
    expect(deps.queryClient.getQueryData(tripKeys.features('t-1'))).toHaveLength(2);
  });

  it('[PERF-07] an escaped trip id in the address is asked for once, escaped once', async () => {
    const { fetch } = await prefetchSignedIn('/trips/t%201');
    expect(fetch.to('/core/trips/t%201', 'GET')).toHaveLength(1);
    expect(fetch.to('/core/trips/t%25201', 'GET')).toHaveLength(0);
  });

  it("[PERF-07] the first card's picture is asked for as soon as the features are in, once", async () => {
    const { deps } = await prefetchSignedIn('/trips/t-1');
    const features = deps.queryClient.getQueryData<{ image: { original: string } }[]>(
      tripKeys.features('t-1'),
    );
    const expected = `${features?.[0]?.image.original ?? ''}?compress=540x540`;
    await vi.waitFor(() =>
      expect(
        document.head.querySelector(`link[rel="preload"][as="image"][href="${expected}"]`),
      ).not.toBeNull(),
    );
    const link = document.head.querySelector(`link[rel="preload"][as="image"]`);
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    await prefetchFirstPage({ pathname: '/trips/t-1', search: '' }, deps);
    await settle();
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1);
  });

  it('[PERF-07] another tab first: no picture is asked for early', async () => {
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    await prefetchSignedIn('/trips/t-1', '?tab=planner');
    await settle();
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(0);
  });

  it('[PERF-07] waits for the saved session before it asks (the requests need it)', async () => {
    savedSignedInUser();
    const fetch = mockTripApi();
    const deps = startUp();
    expect(deps.store.getState().user.isAuthenticated).toBe(false);
    await prefetchFirstPage({ pathname: '/trips/t-1', search: '' }, deps);
    expect(deps.store.getState().user.isAuthenticated).toBe(true);
    expect(fetch.to('/core/trips/t-1', 'GET')).toHaveLength(1);
  });

  it('[PERF-07] another first tab: the trip only', async () => {
    const { fetch } = await prefetchSignedIn('/trips/t-1', '?tab=planner');
    expect(fetch.to('/core/trips/t-1', 'GET')).toHaveLength(1);
    expect(fetch.to('/core/trips/features/t-1', 'GET')).toHaveLength(0);
  });

  it('[PERF-07] a visitor, or another page, asks for nothing', async () => {
    const fetch = mockTripApi();
    const visitor = startUp();
    await prefetchFirstPage({ pathname: '/trips/t-1', search: '' }, visitor);
    const member = startUp();
    signIn(member.store);
    await prefetchFirstPage({ pathname: '/trips', search: '' }, member);
    await prefetchFirstPage({ pathname: '/', search: '' }, member);
    expect(fetch.requests).toHaveLength(0);
  });

  it('[PERF-07] opening a place asks for the place at start-up, for visitors too (it is public)', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/places/place/p-munich' ? jsonResponse(200, PLACE) : jsonResponse(404),
    );
    const deps = startUp();
    await prefetchFirstPage(
      { pathname: '/place/germany/city/bavaria/munich', search: '?place=p-munich' },
      deps,
    );
    expect(fetch.to('/core/places/place/p-munich')).toHaveLength(1);
    expect(deps.queryClient.getQueryData(placeQueryOptions('p-munich').queryKey)).toEqual(PLACE);
    expect(deps.store.getState().user.isAuthenticated).toBe(false);
  });

  it('[PERF-07] a place page without ?place= (a search by names) asks for nothing at start-up', async () => {
    const fetch = mockFetch(() => jsonResponse(404));
    await prefetchFirstPage({ pathname: '/place/germany/city', search: '' }, startUp());
    expect(fetch.requests).toHaveLength(0);
  });
});
