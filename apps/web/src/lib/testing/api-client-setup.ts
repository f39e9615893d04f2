/** Shared helpers of the API client tests (api-client.test.ts, api-auth.test.ts). */
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient, resetApiClient, type ApiTokens } from '../api-client.ts';
import { deleteCookie, errorBody, jsonResponse, setCookie, type RecordedRequest } from './fetch-mock.ts';

export function withTokens(initial: ApiTokens) {
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

export const unauthorized = () => jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'Access token expired'));
export const bearer = (request: RecordedRequest) => request.headers.get('Authorization');

/** A fresh client with the csrf-token cookie set before each test, and everything undone after. */
export function freshApiClientPerTest(): void {
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
}
