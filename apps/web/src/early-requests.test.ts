import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './app/store/store.ts';
import { DEFAULT_WISHLIST } from '@tripcrew/contracts/constants';
import {
  CARD_DATA,
  cardImageUrl,
  firstPagePaths,
  startEarlyRequests,
  storedAccessToken,
  storedExpireAt,
} from './early-requests.ts';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from './lib/api-config.ts';
import { apiUrl } from './lib/api-config.ts';
import { jsonResponse } from './lib/testing/fetch-mock.ts';
import { compressed } from './modules/features/components/fallback-image.ts';
import { CATEGORIES_PATH } from './modules/categories/api/use-categories.ts';
import { placePathById } from './modules/places/api/get-place.ts';
import { makeFeature } from './modules/trips/testing/trip-fixtures.ts';
import { tripFeaturesPath } from './modules/trips/api/trip-features.ts';
import { tripPath } from './modules/trips/api/trip-keys.ts';
import { TRIP_TAB_IDS, tabOf } from './modules/trips/components/trip-detail/trip-tab.ts';
import { WISHLIST_IDS_PATH } from './modules/wishlist/api/get-wishlist-ids.ts';

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

/** A slice as redux-persist saves it: an object of JSON strings. */
const persistedSlice = (fields: Record<string, unknown>) =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });

/**
 * localStorage as redux-persist writes it for a signed-in user (app/store/store.ts), with the
 * categories and wishlist ids saved until `savedUntil` (none saved when absent).
 */
function storageWith(accessToken: string | null, savedUntil?: number): Pick<Storage, 'getItem'> {
  const saved: Record<string, string> = {
    [STORAGE_KEYS.auth]: persistedSlice({ accessToken, refreshToken: 'r-1' }),
  };
  if (savedUntil !== undefined) {
    saved[STORAGE_KEYS.categories] = persistedSlice({ categories: [], expireAt: savedUntil, error: null });
    saved[STORAGE_KEYS.wishlist] = persistedSlice({ ids: [], expireAt: savedUntil });
  }
  return { getItem: (key) => saved[key] ?? null };
}

function recordingFetch(answer: (url: string) => Response = () => jsonResponse(200, {})) {
  return vi.fn<typeof fetch>((input) => Promise.resolve(answer(String(input))));
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the start-up requests (before the app has arrived)', () => {
  it('[PERF-07] a trip page asks for the trip and its features, at the URLs and with the headers the API client uses', () => {
    const send = recordingFetch();
    // The categories and the wishlist ids the app saved are still fresh: not asked for again.
    const requests = startEarlyRequests(at('/trips/t 1'), storageWith('a-1', 5000), send, document, 1000);

    expect(requests.map((request) => request.url)).toEqual([
      apiUrl(tripPath('t 1')),
      apiUrl(tripFeaturesPath('t 1')),
    ]);
    expect(requests.every((r) => r.token === 'a-1' && !r.public && r.at === 1000)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    const init = send.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer a-1');
    expect(headers.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it("[PERF-07] with no fresh saved copy, a trip page also asks for the categories (public) and the wishlist's ids, at the app's URLs", () => {
    const send = recordingFetch();
    for (const storage of [storageWith('a-1'), storageWith('a-1', 999)]) {
      send.mockClear();
      const requests = startEarlyRequests(at('/trips/t-1'), storage, send, document, 1000);
      expect(requests.map((request) => [request.url, request.token, request.public])).toEqual([
        [apiUrl(tripPath('t-1')), 'a-1', false],
        [apiUrl(tripFeaturesPath('t-1')), 'a-1', false],
        [apiUrl(CATEGORIES_PATH), null, true],
        [apiUrl(WISHLIST_IDS_PATH, { listname: DEFAULT_WISHLIST }), 'a-1', false],
      ]);
      // The public list goes without the session, the wishlist with it.
      expect(new Headers(send.mock.calls[2]?.[1]?.headers).get('Authorization')).toBeNull();
      expect(new Headers(send.mock.calls[3]?.[1]?.headers).get('Authorization')).toBe('Bearer a-1');
    }
  });

  it('[PERF-07] reads the expiry the store saves, under the keys the store uses', () => {
    expect(CARD_DATA.categoriesKey).toBe(STORAGE_KEYS.categories);
    expect(CARD_DATA.wishlistKey).toBe(STORAGE_KEYS.wishlist);
    expect(storedExpireAt(storageWith('a-1', 4321), STORAGE_KEYS.categories)).toBe(4321);
    expect(storedExpireAt(storageWith('a-1'), STORAGE_KEYS.wishlist)).toBe(0);
    expect(storedExpireAt({ getItem: () => '{not json' }, STORAGE_KEYS.wishlist)).toBe(0);
    expect(storedExpireAt({ getItem: () => JSON.stringify({ expireAt: '"soon"' }) }, 'x')).toBe(0);
  });

  it('[PERF-07] another tab of a trip needs only the trip; an unknown tab opens on the features', () => {
    expect(firstPagePaths(at('/trips/t-1', '?tab=planner')).paths).toEqual([tripPath('t-1')]);
    expect(firstPagePaths(at('/trips/t-1', '?tab=nope')).paths).toEqual([
      tripPath('t-1'),
      tripFeaturesPath('t-1'),
    ]);
  });

  it('[PERF-07] asks for the features exactly when the page opens on the features tab, for every tab the page knows', () => {
    for (const search of ['', '?tab=nope', ...TRIP_TAB_IDS.map((tab) => `?tab=${tab}`)]) {
      const asksFeatures = firstPagePaths(at('/trips/t-1', search)).paths.includes(tripFeaturesPath('t-1'));
      expect(asksFeatures, search).toBe(tabOf(new URLSearchParams(search)) === 'features');
    }
  });

  it('[PERF-07] without a saved session a trip page asks for nothing; a place page asks for its place, without the session', () => {
    const send = recordingFetch();
    expect(startEarlyRequests(at('/trips/t-1'), storageWith(null), send, document)).toEqual([]);
    expect(startEarlyRequests(at('/trips/t-1'), { getItem: () => '{not json' }, send, document)).toEqual([]);
    expect(send).not.toHaveBeenCalled();

    // Signed in or not: a place is public, and the app asks for it before the session is back.
    const place = startEarlyRequests(
      at('/place/portugal/city/lisbon', '?place=p-9'),
      storageWith('a-1'),
      send,
      document,
    );
    expect(place.map((request) => [request.url, request.token, request.public])).toEqual([
      [apiUrl(placePathById('p-9')), null, true],
      [apiUrl(CATEGORIES_PATH), null, true],
      [apiUrl(WISHLIST_IDS_PATH, { listname: DEFAULT_WISHLIST }), 'a-1', false],
    ]);
    // A visitor's place page: the place and the categories, nothing with a session.
    send.mockClear();
    const visitor = startEarlyRequests(
      at('/place/portugal/city/lisbon', '?place=p-9'),
      storageWith(null),
      send,
      document,
    );
    expect(visitor.map((request) => request.url)).toEqual([
      apiUrl(placePathById('p-9')),
      apiUrl(CATEGORIES_PATH),
    ]);
    expect(new Headers(send.mock.calls[0]?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it('[PERF-07] every other page asks for nothing', () => {
    for (const location of [at('/'), at('/trips'), at('/trips/t-1/extra'), at('/place/portugal/city')]) {
      expect(firstPagePaths(location).paths).toEqual([]);
    }
  });

  it("[PERF-07] the first card's picture is asked for as soon as the features are in, at the card's own URL", async () => {
    const features = [makeFeature(1), makeFeature(2)];
    const send = recordingFetch((url) =>
      url.includes('/features/') ? jsonResponse(200, features) : jsonResponse(200, {}),
    );
    const [, featuresRequest] = startEarlyRequests(at('/trips/t-1'), storageWith('a-1'), send, document);
    // The app still reads the whole answer.
    await expect((await featuresRequest!.response).json()).resolves.toHaveLength(2);
    await vi.waitFor(() =>
      expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1),
    );
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    expect(link.getAttribute('href')).toBe(compressed(features[0]!.image.original));
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('[PERF-07] a refused answer preloads nothing and is left for the app to see', async () => {
    const send = recordingFetch(() => jsonResponse(401, { message: 'expired' }));
    const [, featuresRequest] = startEarlyRequests(at('/trips/t-1'), storageWith('a-1'), send, document);
    expect((await featuresRequest!.response).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });

  it('[PERF-07] reads only the token the app saved, and agrees with the cards on picture URLs', () => {
    expect(storedAccessToken(storageWith('a-1'))).toBe('a-1');
    expect(storedAccessToken(storageWith(null))).toBeNull();
    expect(storedAccessToken({ getItem: () => null })).toBeNull();
    expect(storedAccessToken({ getItem: () => JSON.stringify({ accessToken: 5 }) })).toBeNull();
    for (const url of ['/images/a.svg', '/images/a.svg?v=2', 'data:image/svg+xml,x']) {
      expect(cardImageUrl(url)).toBe(compressed(url));
    }
  });
});
