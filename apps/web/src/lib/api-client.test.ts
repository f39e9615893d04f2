import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  cachedGet,
  cacheKey,
  configureApiClient,
  getApiBaseUrl,
  removeCached,
  resetApiClient,
  setApiBaseUrl,
  type ApiTokens,
} from './api-client.ts';
import {
  deferred,
  deleteCookie,
  errorBody,
  jsonResponse,
  mockFetch,
  setCookie,
  type RecordedRequest,
} from './testing/fetch-mock.ts';

function withTokens(initial: ApiTokens) {
  const tokens: ApiTokens = { ...initial };
  const setTokens = vi.fn((next: { accessToken: string; refreshToken: string }) => {
    tokens.accessToken = next.accessToken;
    tokens.refreshToken = next.refreshToken;
  });
  const onSessionReset = vi.fn(() => {
    tokens.accessToken = null;
    tokens.refreshToken = null;
  });
  const navigate = vi.fn<(path: string) => void>();
  configureApiClient({ getTokens: () => ({ ...tokens }), setTokens, onSessionReset, navigate });
  return { tokens, setTokens, onSessionReset, navigate };
}

const unauthorized = () => jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'Access token expired'));
const bearer = (request: RecordedRequest) => request.headers.get('Authorization');

beforeEach(() => {
  resetApiClient();
  setCookie('csrf-token', 'csrf-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  deleteCookie('csrf-token');
  resetApiClient();
});

describe('request basics', () => {
  it('[CLIENT-01] sends every call to /api with credentials included and X-Requested-With', async () => {
    const mock = mockFetch(() => jsonResponse(200, { ok: true }));
    await api.get('/core/trips');
    await api.post('/core/trips', { placeId: 'p1' });
    await api.put('/core/x', { a: 1 });
    await api.patch('/core/trips/update/t1', { tripName: 'n' });
    await api.delete('/core/trips/t1');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.upload('/assets/upload/avatar', form);

    expect(mock.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/core/trips',
      'POST /api/core/trips',
      'PUT /api/core/x',
      'PATCH /api/core/trips/update/t1',
      'DELETE /api/core/trips/t1',
      'POST /api/assets/upload/avatar',
    ]);
    for (const request of mock.requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    }
    expect(mock.requests[1]?.body).toEqual({ placeId: 'p1' });
    expect(mock.requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(mock.requests[5]?.body).toBe(form);
    expect(mock.requests[5]?.headers.get('Content-Type')).toBeNull();
  });

  it('[CLIENT-01] the base URL is configurable and paths without a leading slash are joined', async () => {
    expect(getApiBaseUrl()).toBe('/api');
    setApiBaseUrl('https://api.example.com/v1/');
    const mock = mockFetch(() => jsonResponse(200, [1]), 'https://api.example.com/v1');
    await api.get('core/places/search', { query: { country: 'it', place: 'Rome', region: undefined } });
    expect(mock.requests[0]?.url).toBe('https://api.example.com/v1/core/places/search?country=it&place=Rome');
    expect(mock.requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('[CLIENT-01] the health and refresh calls carry the client header and credentials too', async () => {
    deleteCookie('csrf-token');
    withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const mock = mockFetch((request) => {
      if (request.path === '/health') {
        setCookie('csrf-token', 'csrf-2');
        return jsonResponse(200, { status: 'ok' });
      }
      if (request.path === '/auth/refresh')
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' });
      return bearer(request) === 'Bearer new' ? jsonResponse(201, { _id: 't1' }) : unauthorized();
    });
    await api.post('/core/trips', {});
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /health',
      'POST /core/trips',
      'POST /auth/refresh',
      'POST /core/trips',
    ]);
    for (const request of mock.requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    }
  });

  it('[CLIENT-02] sends Authorization: Bearer <accessToken> when a token exists', async () => {
    withTokens({ accessToken: 'abc.def', refreshToken: 'r1' });
    const mock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/users/users/me');
    await api.post('/core/wishlist', { featureId: 'f1' });
    expect(mock.requests.map(bearer)).toEqual(['Bearer abc.def', 'Bearer abc.def']);
  });

  it('[CLIENT-02] sends no Authorization header without an access token', async () => {
    withTokens({ accessToken: null, refreshToken: null });
    const mock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/core/suggestions');
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' });
    expect(mock.requests.map(bearer)).toEqual([null, null]);
  });

  it('[CLIENT-03] non-GET requests carry X-CSRF-Token from the csrf-token cookie; GET does not', async () => {
    const mock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/core/trips');
    await api.post('/core/trips', {});
    await api.put('/core/x', {});
    await api.patch('/users/notifications/n1', { seen: true });
    await api.delete('/core/trips/t1');
    await api.upload('/core/trips/t1/upload', new FormData());
    expect(mock.requests.map((r) => [r.method, r.headers.get('X-CSRF-Token')])).toEqual([
      ['GET', null],
      ['POST', 'csrf-1'],
      ['PUT', 'csrf-1'],
      ['PATCH', 'csrf-1'],
      ['DELETE', 'csrf-1'],
      ['POST', 'csrf-1'],
    ]);
    expect(mock.to('/health')).toHaveLength(0);
  });
});

describe('CSRF bootstrap', () => {
  beforeEach(() => deleteCookie('csrf-token'));

  it('[CLIENT-04] calls GET /health first when the cookie is missing, then sends the new token', async () => {
    const mock = mockFetch((request) => {
      if (request.path === '/health') {
        setCookie('csrf-token', 'fresh-token');
        return jsonResponse(200, { status: 'ok' });
      }
      return jsonResponse(201, { _id: 't1' });
    });
    await expect(api.post('/core/trips', {})).resolves.toEqual({ _id: 't1' });
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /health', 'POST /core/trips']);
    expect(mock.requests[1]?.headers.get('X-CSRF-Token')).toBe('fresh-token');
  });

  it('[CLIENT-04] concurrent non-GET calls share one GET /health', async () => {
    const mock = mockFetch((request) => {
      if (request.path === '/health') {
        setCookie('csrf-token', 'shared');
        return jsonResponse(200, { status: 'ok' });
      }
      return jsonResponse(200, {});
    });
    await Promise.all([api.post('/a'), api.patch('/b'), api.delete('/c')]);
    expect(mock.to('/health')).toHaveLength(1);
    expect(mock.requests.filter((r) => r.method !== 'GET').map((r) => r.headers.get('X-CSRF-Token'))).toEqual(
      ['shared', 'shared', 'shared'],
    );
  });

  it('[CLIENT-04] when GET /health fails the request fails without being sent', async () => {
    const mock = mockFetch((request) =>
      request.path === '/health'
        ? jsonResponse(503, errorBody(503, 'UNAVAILABLE', 'down'))
        : jsonResponse(200, {}),
    );
    const error = await api.post('/core/trips', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('CSRF_UNAVAILABLE');
    expect(mock.requests.map((r) => r.path)).toEqual(['/health']);
  });

  it('[CLIENT-04] a network failure of GET /health fails the request without sending it', async () => {
    const mock = mockFetch((request) => {
      if (request.path === '/health') throw new TypeError('Failed to fetch');
      return jsonResponse(200, {});
    });
    await expect(api.upload('/assets/upload/avatar', new FormData())).rejects.toMatchObject({
      code: 'CSRF_UNAVAILABLE',
      status: 0,
    });
    expect(mock.to('/assets/upload/avatar')).toHaveLength(0);
  });

  it('[CLIENT-04] GET requests never call /health', async () => {
    const mock = mockFetch(() => jsonResponse(200, [1]));
    await api.get('/core/suggestions');
    expect(mock.requests.map((r) => r.path)).toEqual(['/core/suggestions']);
  });
});

describe('status handling', () => {
  const cases: [string, () => Promise<unknown>, number, boolean][] = [
    ['GET', () => api.get('/x'), 200, true],
    ['GET', () => api.get('/x'), 201, false],
    ['GET', () => api.get('/x'), 204, false],
    ['PUT', () => api.put('/x', {}), 200, true],
    ['PUT', () => api.put('/x', {}), 201, false],
    ['PATCH', () => api.patch('/x', {}), 200, true],
    ['PATCH', () => api.patch('/x', {}), 201, false],
    ['DELETE', () => api.delete('/x'), 200, true],
    ['DELETE', () => api.delete('/x'), 204, false],
    ['POST', () => api.post('/x', {}), 200, true],
    ['POST', () => api.post('/x', {}), 201, true],
    ['POST', () => api.post('/x', {}), 202, false],
    ['UPLOAD', () => api.upload('/x', new FormData()), 200, true],
    ['UPLOAD', () => api.upload('/x', new FormData()), 201, true],
    ['UPLOAD', () => api.upload('/x', new FormData()), 204, false],
  ];

  it.each(cases)('[CLIENT-05] %s answered %i succeeds: %s', async (_method, call, status, succeeds) => {
    mockFetch(() => (status === 204 ? jsonResponse(204) : jsonResponse(status, { value: 1 })));
    const outcome = await call().then(
      () => 'ok',
      (error: unknown) => error,
    );
    if (succeeds) {
      expect(outcome).toBe('ok');
    } else {
      expect(outcome).toBeInstanceOf(ApiError);
      expect((outcome as ApiError).status).toBe(status);
    }
  });

  it('[CLIENT-05] errors carry status, code, message and reason from the API body', async () => {
    mockFetch(() => jsonResponse(409, errorBody(409, 'CONFLICT', 'Already in your crew', 'duplicate')));
    const error = await api.post('/users/crew/crew-request', { userId: 'u1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Already in your crew',
      reason: 'duplicate',
      data: errorBody(409, 'CONFLICT', 'Already in your crew', 'duplicate'),
    });
  });

  it('[CLIENT-05] a response without a JSON error body still becomes an ApiError', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Bad Gateway',
    });
  });

  it('[CLIENT-05] a network failure becomes an ApiError with status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('[CLIENT-06] a GET that returns no data fails with "No data returned"', async () => {
    mockFetch(() => new Response('', { status: 200 }));
    await expect(api.get('/core/trips')).rejects.toMatchObject({
      message: 'No data returned',
      code: 'NO_DATA',
    });
  });

  it('[CLIENT-06] a GET returning JSON null fails too; an empty array or object is data', async () => {
    let body: unknown = null;
    mockFetch(() => jsonResponse(200, body));
    await expect(api.get('/x')).rejects.toThrow('No data returned');
    body = [];
    await expect(api.get('/x')).resolves.toEqual([]);
    body = {};
    await expect(api.get('/x')).resolves.toEqual({});
  });

  it('[CLIENT-06] a GET cancelled while its body arrives rejects as a cancellation, not "No data returned"', async () => {
    const controller = new AbortController();
    mockFetch(() => {
      const stream = new ReadableStream<Uint8Array>({
        start(streamController) {
          streamController.enqueue(new TextEncoder().encode('[{"_id":'));
          // The caller cancels after the headers, before the rest of the body.
          queueMicrotask(() => {
            controller.abort();
            streamController.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const error: unknown = await api
      .get('/users/crew/requests', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toMatchObject({ code: 'NO_DATA' });
  });

  it('[CLIENT-06] non-GET calls may return no data', async () => {
    mockFetch(() => new Response('', { status: 200 }));
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });
});

describe('token refresh', () => {
  it('[CLIENT-07] a 401 refreshes with the refresh token, stores the new tokens and replays', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const mock = mockFetch((request) => {
      if (request.path === '/auth/refresh')
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' });
      return bearer(request) === 'Bearer new' ? jsonResponse(200, { name: 'Ada' }) : unauthorized();
    });
    await expect(api.get('/users/users/me')).resolves.toEqual({ name: 'Ada' });

    const refresh = mock.to('/auth/refresh', 'POST');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.body).toEqual({ refreshToken: 'r1' });
    expect(refresh[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(session.setTokens).toHaveBeenCalledWith({ accessToken: 'new', refreshToken: 'r2' });
    expect(session.tokens).toEqual({ accessToken: 'new', refreshToken: 'r2' });
    expect(mock.to('/users/users/me').map(bearer)).toEqual(['Bearer old', 'Bearer new']);
    expect(session.onSessionReset).not.toHaveBeenCalled();
  });

  it('[CLIENT-07] a 403 with reason token-expired refreshes and replays (a POST keeps its body)', async () => {
    withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const mock = mockFetch((request) => {
      if (request.path === '/auth/refresh')
        return jsonResponse(201, { accessToken: 'new', refreshToken: 'r2' });
      return bearer(request) === 'Bearer new'
        ? jsonResponse(201, { _id: 'trip-1' })
        : jsonResponse(403, errorBody(403, 'FORBIDDEN', 'Token expired', 'token-expired'));
    });
    await expect(api.post('/core/trips', { placeId: 'p1' })).resolves.toEqual({ _id: 'trip-1' });
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(mock.to('/core/trips').map((r) => r.body)).toEqual([{ placeId: 'p1' }, { placeId: 'p1' }]);
  });

  it('[CLIENT-07] any other 403 is not refreshed', async () => {
    const session = withTokens({ accessToken: 'tok', refreshToken: 'r1' });
    const mock = mockFetch(() =>
      jsonResponse(403, errorBody(403, 'FORBIDDEN', 'Only the admin can do this')),
    );
    await expect(api.patch('/core/trips/update/t1', { tripName: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only the admin can do this',
    });
    expect(mock.to('/auth/refresh')).toHaveLength(0);
    expect(mock.to('/core/trips/update/t1')).toHaveLength(1);
    expect(session.onSessionReset).not.toHaveBeenCalled();
  });

  it('[CLIENT-07] a 401 from login (wrong credentials) is returned as is, without a refresh', async () => {
    withTokens({ accessToken: 'tok', refreshToken: 'r1' });
    const mock = mockFetch(() =>
      jsonResponse(401, errorBody(401, 'INVALID_CREDENTIALS', 'Wrong email or password')),
    );
    await expect(api.post('/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(mock.to('/auth/refresh')).toHaveLength(0);
  });

  it('[CLIENT-08] five concurrent 401s cause exactly one refresh and five replays', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const allRejected = deferred<void>();
    let rejected = 0;
    const mock = mockFetch(async (request) => {
      if (request.path === '/auth/refresh') {
        await allRejected.promise; // keep the refresh in flight until every request got its 401
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' });
      }
      if (bearer(request) === 'Bearer new') return jsonResponse(200, { path: request.path });
      rejected += 1;
      if (rejected === 5) setTimeout(() => allRejected.resolve(), 0);
      return unauthorized();
    });

    const paths = [1, 2, 3, 4, 5].map((n) => `/core/trips/t${n}`);
    const results = await Promise.all(paths.map((path) => api.get<{ path: string }>(path)));

    expect(results).toEqual(paths.map((path) => ({ path })));
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(session.setTokens).toHaveBeenCalledTimes(1);
    for (const path of paths) expect(mock.to(path).map(bearer)).toEqual(['Bearer old', 'Bearer new']);
    // the five first attempts all happen before the refresh, the five replays after it
    const order = mock.requests.map((r) => (r.path === '/auth/refresh' ? 'refresh' : bearer(r)));
    expect(order).toEqual([...Array(5).fill('Bearer old'), 'refresh', ...Array(5).fill('Bearer new')]);
  });

  it('[CLIENT-08] a 401 arriving after a refresh already finished just replays with the new token', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const slow = deferred<void>();
    const mock = mockFetch(async (request) => {
      if (request.path === '/auth/refresh')
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' });
      if (bearer(request) === 'Bearer new') return jsonResponse(200, { path: request.path });
      if (request.path === '/slow') await slow.promise;
      return unauthorized();
    });
    const slowCall = api.get('/slow');
    await api.get('/fast'); // refreshes and finishes first
    slow.resolve();
    await expect(slowCall).resolves.toEqual({ path: '/slow' });
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(session.setTokens).toHaveBeenCalledTimes(1);
  });

  it('[CLIENT-09] a replay that fails again is returned as an error, with no second refresh', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const mock = mockFetch((request) =>
      request.path === '/auth/refresh'
        ? jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' })
        : unauthorized(),
    );
    const error = await api.get('/users/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(mock.to('/users/users/me')).toHaveLength(2);
    expect(session.onSessionReset).not.toHaveBeenCalled();
  });

  it('[CLIENT-09] a replay answered 403 token-expired is not refreshed again either', async () => {
    withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const mock = mockFetch((request) =>
      request.path === '/auth/refresh'
        ? jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' })
        : jsonResponse(403, errorBody(403, 'FORBIDDEN', 'expired', 'token-expired')),
    );
    await expect(api.delete('/core/trips/t1')).rejects.toMatchObject({
      status: 403,
      reason: 'token-expired',
    });
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(mock.to('/core/trips/t1')).toHaveLength(2);
  });

  it('[CLIENT-10] when the refresh fails the session reset runs once and all waiting requests fail', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    const allRejected = deferred<void>();
    let rejected = 0;
    const mock = mockFetch(async (request) => {
      if (request.path === '/auth/refresh') {
        await allRejected.promise;
        return jsonResponse(401, errorBody(401, 'INVALID_REFRESH_TOKEN', 'Refresh token revoked'));
      }
      rejected += 1;
      if (rejected === 3) setTimeout(() => allRejected.resolve(), 0);
      return unauthorized();
    });
    const outcomes = await Promise.allSettled([api.get('/a'), api.post('/b', {}), api.get('/c')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) {
      expect(
        outcome.status === 'rejected' && outcome.reason instanceof ApiError && outcome.reason.status,
      ).toBe(401);
    }
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(session.onSessionReset).toHaveBeenCalledTimes(1);
    expect(session.setTokens).not.toHaveBeenCalled();
    expect(mock.requests.filter((r) => r.path !== '/auth/refresh')).toHaveLength(3); // nothing replayed
  });

  it('[CLIENT-10] a refresh-race 401 (another tab just rotated the token) waits for its tokens and replays, no reset', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    configureApiClient({ refreshRaceWaitMs: 1000 });
    const mock = mockFetch((request) => {
      if (request.path === '/auth/refresh') {
        // the other tab's tokens arrive a little later (storage sync)
        setTimeout(() => Object.assign(session.tokens, { accessToken: 'tab-a', refreshToken: 'r2' }), 120);
        return jsonResponse(
          401,
          errorBody(401, 'REFRESH_IN_PROGRESS', 'Refresh in progress', 'refresh-race'),
        );
      }
      return bearer(request) === 'Bearer tab-a' ? jsonResponse(200, { ok: true }) : unauthorized();
    });
    await expect(api.get('/core/trips')).resolves.toEqual({ ok: true });
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(mock.to('/core/trips').map(bearer)).toEqual(['Bearer old', 'Bearer tab-a']);
    expect(session.onSessionReset).not.toHaveBeenCalled();
  });

  it('[CLIENT-10] a refresh-race 401 without new tokens in time fails the request but keeps the session', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    configureApiClient({ refreshRaceWaitMs: 120 });
    const mock = mockFetch((request) =>
      request.path === '/auth/refresh'
        ? jsonResponse(401, errorBody(401, 'REFRESH_IN_PROGRESS', 'Refresh in progress', 'refresh-race'))
        : unauthorized(),
    );
    await expect(api.get('/core/trips')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(mock.to('/core/trips')).toHaveLength(1);
    expect(session.onSessionReset).not.toHaveBeenCalled();
    expect(session.tokens).toEqual({ accessToken: 'old', refreshToken: 'r1' });
  });

  it('[CLIENT-10] a refresh answering without tokens, or a network error, counts as failed', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    mockFetch((request) =>
      request.path === '/auth/refresh' ? jsonResponse(200, { ok: true }) : unauthorized(),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(session.onSessionReset).toHaveBeenCalledTimes(1);

    const again = withTokens({ accessToken: 'old', refreshToken: 'r1' });
    mockFetch((request) => {
      if (request.path === '/auth/refresh') throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(again.onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('[CLIENT-10] a 401 with an access token but no refresh token resets the session without a refresh call', async () => {
    const session = withTokens({ accessToken: 'old', refreshToken: null });
    const mock = mockFetch(() => unauthorized());
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(mock.to('/auth/refresh')).toHaveLength(0);
    expect(session.onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('[CLIENT-10] a visitor without tokens gets the 401 back and no reset', async () => {
    const session = withTokens({ accessToken: null, refreshToken: null });
    const mock = mockFetch(() => unauthorized());
    await expect(api.get('/core/trips/upcoming')).rejects.toMatchObject({ status: 401 });
    expect(mock.requests).toHaveLength(1);
    expect(session.onSessionReset).not.toHaveBeenCalled();
  });
});

describe('rate limiting', () => {
  it('[CLIENT-11] a 429 sends the browser to /wow-relax and fails the request', async () => {
    const session = withTokens({ accessToken: 'tok', refreshToken: 'r1' });
    const mock = mockFetch(() => jsonResponse(429, errorBody(429, 'RATE_LIMITED', 'Too many requests')));
    await expect(api.get('/core/suggestions')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(session.navigate).toHaveBeenCalledWith('/wow-relax');
    expect(mock.requests).toHaveLength(1);
    expect(mock.to('/auth/refresh')).toHaveLength(0);
  });

  it('[CLIENT-11] without an injected navigate the browser location is assigned', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch(() => jsonResponse(429, errorBody(429, 'RATE_LIMITED', 'Too many requests')));
    await expect(api.post('/core/wishlist', { featureId: 'f' })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/wow-relax');
  });
});

describe('cachedGet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 4, 1, 12, 0, 0));
  });

  it('[CLIENT-12] keeps a response in sessionStorage for 15 minutes by default, then refetches', async () => {
    let version = 1;
    const mock = mockFetch(() => jsonResponse(200, { version }));
    await expect(cachedGet('/core/suggestions')).resolves.toEqual({ version: 1 });
    expect(JSON.parse(sessionStorage.getItem(cacheKey('/core/suggestions')) ?? 'null')).toEqual({
      expireAt: Date.now() + 15 * 60 * 1000,
      data: { version: 1 },
    });

    version = 2;
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 - 1);
    await expect(cachedGet('/core/suggestions')).resolves.toEqual({ version: 1 });
    expect(mock.requests).toHaveLength(1);

    vi.setSystemTime(Date.now() + 2);
    await expect(cachedGet('/core/suggestions')).resolves.toEqual({ version: 2 });
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] honours a per-call lifetime', async () => {
    const mock = mockFetch(() => jsonResponse(200, [{ _id: 'n1' }]));
    await cachedGet('/users/notifications', 60_000);
    vi.setSystemTime(Date.now() + 59_000);
    await cachedGet('/users/notifications', 60_000);
    expect(mock.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await cachedGet('/users/notifications', 60_000);
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] removeCached drops the entry so the next call hits the network', async () => {
    const mock = mockFetch(() => jsonResponse(200, [{ _id: 't1' }]));
    await cachedGet('/core/trips/upcoming');
    removeCached('/core/trips/upcoming');
    expect(sessionStorage.getItem(cacheKey('/core/trips/upcoming'))).toBeNull();
    await cachedGet('/core/trips/upcoming');
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] errors are not cached and concurrent calls share one request', async () => {
    let fail = true;
    const mock = mockFetch(() =>
      fail ? jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')) : jsonResponse(200, [1]),
    );
    await expect(cachedGet('/core/vocabulary/travel-checklist')).rejects.toMatchObject({ status: 500 });
    expect(sessionStorage.getItem(cacheKey('/core/vocabulary/travel-checklist'))).toBeNull();
    fail = false;
    const [a, b] = await Promise.all([
      cachedGet('/core/vocabulary/travel-checklist'),
      cachedGet('/core/vocabulary/travel-checklist'),
    ]);
    expect(a).toEqual([1]);
    expect(b).toEqual([1]);
    expect(mock.requests).toHaveLength(2);
  });

  it('[CLIENT-12] a corrupt cache entry is ignored', async () => {
    sessionStorage.setItem(cacheKey('/core/suggestions'), '{not json');
    const mock = mockFetch(() => jsonResponse(200, ['s']));
    await expect(cachedGet('/core/suggestions')).resolves.toEqual(['s']);
    expect(mock.requests).toHaveLength(1);
  });
});
