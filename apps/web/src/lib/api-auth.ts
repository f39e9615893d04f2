/**
 * CSRF bootstrap and token refresh of the API client (SPEC §7–§8, CLIENT-04, CLIENT-07..10).
 * - X-CSRF-Token comes from the csrf-token cookie, fetched via GET /health when missing.
 * - 401, or 403 with reason 'token-expired' → single-flight POST /auth/refresh, then one replay.
 *   A failed refresh runs the session reset and fails the waiting requests.
 */
import {
  apiConfig,
  apiUrl,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  CSRF_COOKIE,
  CSRF_HEADER,
  HEALTH_PATH,
  onApiClientReset,
  readCookie,
  REFRESH_PATH,
  REFRESH_RACE_REASON,
  type HttpMethod,
} from './api-config.ts';
import {
  ApiError,
  errorFromResponse,
  isApiError,
  isNetworkError,
  isRecord,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
} from './api-error.ts';
import { i18n } from './i18n/i18n.ts';

const RACE_POLL_MS = 50;

export const SUCCESS_STATUSES: Record<HttpMethod, readonly number[]> = {
  GET: [200],
  PUT: [200],
  PATCH: [200],
  DELETE: [200],
  POST: [200, 201],
};

let refreshFlight: Promise<void> | null = null;
let csrfFlight: Promise<string> | null = null;
onApiClientReset(() => {
  refreshFlight = null;
  csrfFlight = null;
});

export function pathOnly(path: string): string {
  const withoutQuery = path.split('?')[0] ?? path;
  const normalized = withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
  return normalized.replace(/\/+$/, '') || '/';
}

export async function readBody(response: Response, signal?: AbortSignal | null): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // Cancelled while the body was arriving (a newer search, leaving the page): a cancellation,
    // not an empty answer.
    if (signal?.aborted) throw error;
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  // By name, not `instanceof DOMException`: a body read by the platform's fetch may reject with
  // another realm's DOMException.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Lets the browser run what waits (input, paint) first: Chromium's `scheduler.yield()`, elsewhere
 * nothing. A request then starts in a task of its own rather than inside the render or the effects
 * that asked for it, where each `fetch` call added a few milliseconds to one long task (PERF-07).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : Promise.resolve();
}

export async function rawFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    await yieldToBrowser();
    return await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: i18n._(NETWORK_ERROR_MESSAGE),
      cause: error,
    });
  }
}

/** The csrf-token cookie, calling GET /health first (once for concurrent callers) when it is missing. */
export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  if (!csrfFlight) {
    csrfFlight = obtainCsrfToken().finally(() => {
      csrfFlight = null;
    });
  }
  return csrfFlight;
}

async function obtainCsrfToken(): Promise<string> {
  let failure: unknown;
  try {
    await rawFetch(apiUrl(HEALTH_PATH), {
      method: 'GET',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, Accept: 'application/json' },
    });
  } catch (error) {
    failure = error;
  }
  const token = readCookie(CSRF_COOKIE);
  if (token) return token;
  throw new ApiError({
    status: 0,
    code: 'CSRF_UNAVAILABLE',
    // Without network, say so (the toasts show this message).
    message: isNetworkError(failure) ? i18n._(NETWORK_ERROR_MESSAGE) : 'Could not obtain a CSRF token',
    cause: failure,
  });
}

function isTokenPair(data: unknown): data is { accessToken: string; refreshToken: string } {
  return isRecord(data) && typeof data.accessToken === 'string' && typeof data.refreshToken === 'string';
}

async function performRefresh(refreshToken: string): Promise<void> {
  try {
    const csrf = await ensureCsrfToken();
    const response = await rawFetch(apiUrl(REFRESH_PATH), {
      method: 'POST',
      headers: {
        [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [CSRF_HEADER]: csrf,
      },
      body: JSON.stringify({ refreshToken }),
    });
    const data = await readBody(response);
    if (!SUCCESS_STATUSES.POST.includes(response.status)) throw errorFromResponse(response, data);
    if (!isTokenPair(data)) {
      throw new ApiError({
        status: response.status,
        code: 'REFRESH_INVALID',
        message: 'Invalid refresh response',
        data,
      });
    }
    apiConfig().setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
  } catch (error) {
    if (isApiError(error) && error.reason === REFRESH_RACE_REASON) {
      // Another tab rotated this refresh token a moment ago and the session is still alive: wait
      // for that tab's tokens (synced through storage) and replay, or fail without a reset.
      if (await tokensRotatedElsewhere(refreshToken)) return;
      throw error;
    }
    apiConfig().onSessionReset();
    throw error;
  }
}

async function tokensRotatedElsewhere(sentRefreshToken: string): Promise<boolean> {
  const deadline = Date.now() + apiConfig().refreshRaceWaitMs;
  for (;;) {
    const current = apiConfig().getTokens();
    if (current.accessToken && current.refreshToken && current.refreshToken !== sentRefreshToken) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, RACE_POLL_MS));
  }
}

/**
 * Resolves when the request may be replayed with a fresh token; rejects with `original` otherwise.
 * Single-flight: concurrent callers share one POST /auth/refresh.
 */
export async function refreshBeforeReplay(tokenUsed: string | null, original: ApiError): Promise<void> {
  if (!refreshFlight) {
    const current = apiConfig().getTokens();
    // Another request refreshed since this one was sent: just replay with the new token.
    if (current.accessToken && current.accessToken !== tokenUsed) return;
    if (!current.refreshToken) {
      if (current.accessToken) apiConfig().onSessionReset();
      throw original;
    }
    refreshFlight = performRefresh(current.refreshToken).finally(() => {
      refreshFlight = null;
    });
  }
  try {
    await refreshFlight;
  } catch {
    throw original;
  }
}

export function needsRefresh(status: number, data: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && isRecord(data) && data.reason === 'token-expired';
}
