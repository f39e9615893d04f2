import { beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError, getApiBaseUrl, setApiBaseUrl } from './api-client.ts';
import { bearer, freshApiClientPerTest, unauthorized, withTokens } from './testing/api-client-setup.ts';
import {
  deleteCookie,
  errorBody,
  jsonResponse,
  mockFetch,
  type RecordedRequest,
  setCookie,
} from './testing/fetch-mock.ts';

freshApiClientPerTest();

/** CLIENT-01: every request carries the cookies (credentials: include) and X-Requested-With. */
function expectSentByTheApp(requests: readonly RecordedRequest[]) {
  for (const request of requests) {
    expect(request.credentials).toBe('include');
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  }
}

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
    expectSentByTheApp(mock.requests);
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
    expectSentByTheApp(mock.requests);
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
