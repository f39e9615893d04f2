import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './app/store/store.ts';
import { cardImageUrl, firstPagePaths, startEarlyRequests, storedAccessToken } from './early-requests.ts';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from './lib/api-config.ts';
import { apiUrl } from './lib/api-config.ts';
import { jsonResponse } from './lib/testing/fetch-mock.ts';
import { compressed } from './modules/features/components/fallback-image.ts';
import { placePathById } from './modules/places/api/get-place.ts';
import { makeFeature } from './modules/trips/testing/trip-fixtures.ts';
import { tripFeaturesPath } from './modules/trips/api/trip-features.ts';
import { tripPath } from './modules/trips/api/trip-keys.ts';

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

/** localStorage as redux-persist writes it for a signed-in user (app/store/store.ts). */
function storageWith(accessToken: string | null): Pick<Storage, 'getItem'> {
  const auth = JSON.stringify({
    accessToken: JSON.stringify(accessToken),
    refreshToken: JSON.stringify('r-1'),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
  return { getItem: (key) => (key === STORAGE_KEYS.auth ? auth : null) };
}

function recordingFetch(answer: (url: string) => Response = () => jsonResponse(200, {})) {
  return vi.fn<typeof fetch>((input) => Promise.resolve(answer(String(input))));
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the start-up requests (before the app has arrived)', () => {
  it('[PERF-07] a trip page asks for the trip and its features, at the URLs and with the headers the API client uses', () => {
    const send = recordingFetch();
    const requests = startEarlyRequests(at('/trips/t 1'), storageWith('a-1'), send, document, 1000);

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

  it('[PERF-07] another tab of a trip needs only the trip; an unknown tab opens on the features', () => {
    expect(firstPagePaths(at('/trips/t-1', '?tab=planner')).paths).toEqual([tripPath('t-1')]);
    expect(firstPagePaths(at('/trips/t-1', '?tab=nope')).paths).toEqual([
      tripPath('t-1'),
      tripFeaturesPath('t-1'),
    ]);
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
