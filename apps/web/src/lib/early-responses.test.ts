import { afterEach, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { apiUrl } from './api-config.ts';
import { EARLY_RESPONSE_TTL_MS, type EarlyRequest, takeEarlyResponse } from './early-responses.ts';
import { bearer, freshApiClientPerTest, unauthorized, withTokens } from './testing/api-client-setup.ts';
import { jsonResponse, mockFetch } from './testing/fetch-mock.ts';

freshApiClientPerTest();
afterEach(() => {
  delete window.tripcrewEarlyRequests;
});

const early = (url: string, token: string | null, response: Response, at = Date.now()): EarlyRequest => ({
  url,
  token,
  public: false,
  at,
  response: Promise.resolve(response),
});

/**
 * Signed in with `tokens`; the network answers { from: 'network' }, and a start-up request for
 * /core/trips/t-1 made with `earlyToken` holds { from: 'early' }. Returns the fetch mock.
 */
function earlyTripAnswer(tokens: { accessToken: string; refreshToken: string }, earlyToken: string) {
  withTokens(tokens);
  const fetch = mockFetch(() => jsonResponse(200, { from: 'network' }));
  window.tripcrewEarlyRequests = [
    early(apiUrl('/core/trips/t-1'), earlyToken, jsonResponse(200, { from: 'early' })),
  ];
  return fetch;
}

describe('answers of the start-up requests', () => {
  it('[PERF-07] an answer is taken once, for its URL and token, while it is fresh', async () => {
    const scope: Pick<Window, 'tripcrewEarlyRequests'> = {
      tripcrewEarlyRequests: [
        early('/api/a', 't-1', jsonResponse(200, 'a'), 0),
        early('/api/b', 't-1', jsonResponse(200, 'b'), 0),
      ],
    };
    expect(takeEarlyResponse('/api/a', 't-2', 10, scope)).toBeNull();
    const taken = takeEarlyResponse('/api/a', 't-1', 10, scope);
    await expect(taken?.then((response) => response.json())).resolves.toBe('a');
    expect(takeEarlyResponse('/api/a', 't-1', 10, scope)).toBeNull();
    // Too old: dropped, never served.
    expect(takeEarlyResponse('/api/b', 't-1', EARLY_RESPONSE_TTL_MS, scope)).toBeNull();
    expect(scope.tripcrewEarlyRequests).toEqual([]);
  });

  it('[PERF-07] the API client answers a GET from the start-up request instead of asking again', async () => {
    const fetch = earlyTripAnswer({ accessToken: 'a-1', refreshToken: 'r-1' }, 'a-1');

    await expect(api.get('/core/trips/t-1')).resolves.toEqual({ from: 'early' });
    expect(fetch.requests).toHaveLength(0);
    // Asked again later: a request of its own.
    await expect(api.get('/core/trips/t-1')).resolves.toEqual({ from: 'network' });
    expect(fetch.to('/core/trips/t-1', 'GET')).toHaveLength(1);
  });

  it("[PERF-07] another user's early answer is never served", async () => {
    const fetch = earlyTripAnswer({ accessToken: 'a-2', refreshToken: 'r-2' }, 'a-1');

    await expect(api.get('/core/trips/t-1')).resolves.toEqual({ from: 'network' });
    expect(bearer(fetch.requests[0]!)).toBe('Bearer a-2');
  });

  it('[PERF-07][CLIENT-07] an early answer refused for an expired token refreshes and asks again, as any request', async () => {
    const { setTokens } = withTokens({ accessToken: 'old', refreshToken: 'r-1' });
    const fetch = mockFetch((request) => {
      if (request.path === '/auth/refresh')
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r-2' });
      return jsonResponse(200, { from: 'network' });
    });
    window.tripcrewEarlyRequests = [early(apiUrl('/core/trips/t-1'), 'old', unauthorized())];

    await expect(api.get('/core/trips/t-1')).resolves.toEqual({ from: 'network' });
    expect(setTokens).toHaveBeenCalledWith({ accessToken: 'new', refreshToken: 'r-2' });
    const replay = fetch.to('/core/trips/t-1', 'GET');
    expect(replay).toHaveLength(1);
    expect(bearer(replay[0]!)).toBe('Bearer new');
  });

  it('[PERF-07] a public early answer (sent without a session) serves a signed-in client too', async () => {
    withTokens({ accessToken: 'a-1', refreshToken: 'r-1' });
    const fetch = mockFetch(() => jsonResponse(200, { from: 'network' }));
    const url = apiUrl('/core/places/place/p-1');
    window.tripcrewEarlyRequests = [
      { ...early(url, null, jsonResponse(200, { from: 'early' })), public: true },
    ];

    await expect(api.get('/core/places/place/p-1')).resolves.toEqual({ from: 'early' });
    expect(fetch.requests).toHaveLength(0);
  });

  it('[PERF-07] an early request that failed on the network is sent again by the client', async () => {
    withTokens({ accessToken: 'a-1', refreshToken: 'r-1' });
    const fetch = mockFetch(() => jsonResponse(200, { from: 'network' }));
    window.tripcrewEarlyRequests = [
      {
        url: apiUrl('/core/trips/t-1'),
        token: 'a-1',
        public: false,
        at: Date.now(),
        response: Promise.reject(new TypeError('Failed to fetch')),
      },
    ];

    await expect(api.get('/core/trips/t-1')).resolves.toEqual({ from: 'network' });
    expect(fetch.to('/core/trips/t-1', 'GET')).toHaveLength(1);
  });
});
