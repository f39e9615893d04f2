import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApiClient } from './api-client.ts';
import { bearer, unauthorized, freshApiClientPerTest, withTokens } from './testing/api-client-setup.ts';
import { deferred, errorBody, jsonResponse, mockFetch } from './testing/fetch-mock.ts';

freshApiClientPerTest();

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
        // the other tab's tokens arrive after this answer (storage sync), on a later turn of the loop
        setTimeout(() => Object.assign(session.tokens, { accessToken: 'tab-a', refreshToken: 'r2' }), 0);
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

describe('request start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('[PERF-07] a request waits for the browser to yield (scheduler.yield) before it calls fetch', async () => {
    withTokens({ accessToken: 'tok', refreshToken: 'r1' });
    const order: string[] = [];
    let release = () => {};
    vi.stubGlobal('scheduler', {
      yield: vi.fn(() => {
        order.push('yield');
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      }),
    });
    const mock = mockFetch(() => {
      order.push('fetch');
      return jsonResponse(200, { ok: true });
    });
    const answer = api.get('/core/suggestions');
    await vi.waitFor(() => expect(order).toEqual(['yield']));
    expect(mock.requests).toHaveLength(0);
    release();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(order).toEqual(['yield', 'fetch']);
  });

  it('[PERF-07] without scheduler.yield (other browsers) the request goes out at once', async () => {
    withTokens({ accessToken: 'tok', refreshToken: 'r1' });
    vi.stubGlobal('scheduler', undefined);
    const mock = mockFetch(() => jsonResponse(200, { ok: true }));
    await expect(api.get('/core/suggestions')).resolves.toEqual({ ok: true });
    expect(mock.requests).toHaveLength(1);
  });
});
