import { describe, expect, it } from 'vitest';
import { api, isNetworkError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { freshApiClientPerTest } from './testing/api-client-setup.ts';
import { deleteCookie, jsonResponse, mockFetch } from './testing/fetch-mock.ts';
import { i18n } from './i18n/i18n.ts';

freshApiClientPerTest();

describe('network errors', () => {
  it('a call without network says so, in words the error toasts show', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/core/trips').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as ApiError).message).toBe(i18n._(NETWORK_ERROR_MESSAGE));
  });

  it('a change that could not fetch its CSRF cookie for want of network is a network error too', async () => {
    deleteCookie('csrf-token');
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.post('/core/trips', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'CSRF_UNAVAILABLE',
      status: 0,
      message: i18n._(NETWORK_ERROR_MESSAGE),
    });
    expect(isNetworkError(error)).toBe(true);
  });

  it('an answer from the server, even a 5xx, is not a network error', async () => {
    mockFetch(() => jsonResponse(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'down' }));
    expect(isNetworkError(await api.get('/x').catch((e: unknown) => e))).toBe(false);
    expect(isNetworkError(new ApiError({ status: 0, code: 'CSRF_UNAVAILABLE', message: 'x' }))).toBe(false);
    expect(isNetworkError(new Error('offline'))).toBe(false);
  });
});
