/**
 * The one HTTP client of the web app (SPEC §6–§8, CLIENT-01..12).
 *
 * - Every call goes to the base URL ('/api' or VITE_API_URL) with credentials and X-Requested-With.
 * - Bearer access token when one exists; X-CSRF-Token (from the csrf-token cookie, fetched via
 *   GET /health when missing) on everything but GET.
 * - 401, or 403 with reason 'token-expired' → single-flight POST /auth/refresh, then one replay.
 *   A failed refresh runs the session reset and fails the waiting requests.
 * - 429 sends the browser to /wow-relax.
 *
 * The client knows nothing about Redux: the store is plugged in with configureApiClient().
 */
import { readJson, removeItem, storageKeys, writeJson } from './storage.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface ApiClientConfig {
  /** Base URL every path is appended to; '/api' unless VITE_API_URL is set. */
  baseUrl: string;
  /** Current tokens (the store's auth slice in the app). */
  getTokens: () => ApiTokens;
  /** Called with the tokens returned by POST /auth/refresh. */
  setTokens: (tokens: { accessToken: string; refreshToken: string }) => void;
  /** Full session reset (SPEC §4), run once when a refresh fails. */
  onSessionReset: () => void;
  /** Browser navigation used for 429 → /wow-relax. */
  navigate: (path: string) => void;
  /**
   * How long a refresh answered 401 reason 'refresh-race' (another tab rotated the token a moment
   * ago) waits for that tab's new tokens to show up in getTokens() before giving up.
   */
  refreshRaceWaitMs: number;
}

/** The API's error body (packages/contracts apiErrorSchema). */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  reason?: string;
  field?: string;
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  reason?: string;
  field?: string;
  data?: unknown;
  cause?: unknown;
}

/** Every failure of the client is an ApiError. status 0 means no HTTP response (network, CSRF). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly reason: string | undefined;
  readonly field: string | undefined;
  /** The parsed response body, when there was one. */
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.field = init.field;
    this.data = init.data;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** Appended to the path as a query string; null/undefined values are skipped, arrays repeat. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CLIENT_HEADER = 'X-Requested-With';
export const CLIENT_HEADER_VALUE = 'XMLHttpRequest';
export const RELAX_PATH = '/wow-relax';
export const REFRESH_PATH = '/auth/refresh';
export const HEALTH_PATH = '/health';
export const DEFAULT_CACHE_LIFETIME_MS = 15 * 60 * 1000;
export const CACHE_KEY_PREFIX = 'api-cache:';
/** Reason of the 401 the API gives the slower of two tabs refreshing the same token at once. */
export const REFRESH_RACE_REASON = 'refresh-race';
const RACE_POLL_MS = 50;

/** Calls whose 401 means "wrong credentials", not "expired token": never refreshed. */
const NO_REFRESH_PATHS = [
  '/auth/login',
  REFRESH_PATH,
  '/auth/register',
  '/auth/confirm',
  '/auth/recovery',
  '/auth/recovery-confirm',
  '/auth/networks/activate-user',
];

const SUCCESS_STATUSES: Record<HttpMethod, readonly number[]> = {
  GET: [200],
  PUT: [200],
  PATCH: [200],
  DELETE: [200],
  POST: [200, 201],
};

function envBaseUrl(): string {
  const value: unknown = import.meta.env.VITE_API_URL;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : '/api';
}

function defaultConfig(): ApiClientConfig {
  return {
    baseUrl: envBaseUrl(),
    getTokens: () => ({ accessToken: null, refreshToken: null }),
    setTokens: () => undefined,
    onSessionReset: () => undefined,
    navigate: (path) => window.location.assign(path),
    refreshRaceWaitMs: 3000,
  };
}

let config: ApiClientConfig = defaultConfig();
let refreshFlight: Promise<void> | null = null;
let csrfFlight: Promise<string> | null = null;
const cacheFlights = new Map<string, Promise<unknown>>();

/** Plugs the token source, session reset and navigation in. Returns a function restoring the previous config. */
export function configureApiClient(partial: Partial<ApiClientConfig>): () => void {
  const previous = config;
  const next: ApiClientConfig = { ...config, ...partial };
  config = next;
  return () => {
    if (config === next) config = previous;
  };
}

/** Back to the defaults and no in-flight refresh/CSRF/cache work (tests). */
export function resetApiClient(): void {
  config = defaultConfig();
  refreshFlight = null;
  csrfFlight = null;
  cacheFlights.clear();
}

export function setApiBaseUrl(baseUrl: string): void {
  config = { ...config, baseUrl };
}

export function getApiBaseUrl(): string {
  return config.baseUrl;
}

/** Full URL of an API path, e.g. apiUrl('/auth/networks/google') for browser redirects. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = config.baseUrl.replace(/\/+$/, '');
  const suffix = path.startsWith('/') ? path : `/${path}`;
  return appendQuery(`${base}${suffix}`, query);
}

function appendQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (value === '') return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathOnly(path: string): string {
  const withoutQuery = path.split('?')[0] ?? path;
  const normalized = withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
  return normalized.replace(/\/+$/, '') || '/';
}

async function readBody(response: Response, signal?: AbortSignal | null): Promise<unknown> {
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

function errorFromResponse(response: Response, data: unknown): ApiError {
  if (isRecord(data)) {
    const message = typeof data.message === 'string' ? data.message : undefined;
    const code = typeof data.code === 'string' ? data.code : undefined;
    return new ApiError({
      status: response.status,
      code: code ?? `HTTP_${response.status}`,
      message: message ?? (response.statusText || `Request failed with status ${response.status}`),
      reason: typeof data.reason === 'string' ? data.reason : undefined,
      field: typeof data.field === 'string' ? data.field : undefined,
      data,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: response.statusText || `Request failed with status ${response.status}`,
    data,
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function rawFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error', cause: error });
  }
}

/** The csrf-token cookie, calling GET /health first (once for concurrent callers) when it is missing. */
async function ensureCsrfToken(): Promise<string> {
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
    message: 'Could not obtain a CSRF token',
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
    config.setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
  } catch (error) {
    if (isApiError(error) && error.reason === REFRESH_RACE_REASON) {
      // Another tab rotated this refresh token a moment ago and the session is still alive: wait
      // for that tab's tokens (synced through storage) and replay, or fail without a reset.
      if (await tokensRotatedElsewhere(refreshToken)) return;
      throw error;
    }
    config.onSessionReset();
    throw error;
  }
}

async function tokensRotatedElsewhere(sentRefreshToken: string): Promise<boolean> {
  const deadline = Date.now() + config.refreshRaceWaitMs;
  for (;;) {
    const current = config.getTokens();
    if (current.accessToken && current.refreshToken && current.refreshToken !== sentRefreshToken) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, RACE_POLL_MS));
  }
}

/**
 * Resolves when the request may be replayed with a fresh token; rejects with `original` otherwise.
 * Single-flight: concurrent callers share one POST /auth/refresh.
 */
async function refreshBeforeReplay(tokenUsed: string | null, original: ApiError): Promise<void> {
  if (!refreshFlight) {
    const current = config.getTokens();
    // Another request refreshed since this one was sent: just replay with the new token.
    if (current.accessToken && current.accessToken !== tokenUsed) return;
    if (!current.refreshToken) {
      if (current.accessToken) config.onSessionReset();
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

function needsRefresh(status: number, data: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && isRecord(data) && data.reason === 'token-expired';
}

interface RequestSpec extends RequestOptions {
  method: HttpMethod;
  path: string;
  body?: unknown;
  formData?: FormData;
}

async function send<T>(spec: RequestSpec, isReplay: boolean): Promise<T> {
  const tokenUsed = config.getTokens().accessToken;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...spec.headers,
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  };
  if (tokenUsed) headers.Authorization = `Bearer ${tokenUsed}`;
  if (spec.method !== 'GET') headers[CSRF_HEADER] = await ensureCsrfToken();

  let body: BodyInit | undefined;
  if (spec.formData) {
    body = spec.formData; // the browser sets the multipart boundary
  } else if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['Content-Type'] = 'application/json';
  }

  const response = await rawFetch(apiUrl(spec.path, spec.query), {
    method: spec.method,
    headers,
    body,
    signal: spec.signal,
  });
  const data = await readBody(response, spec.signal);

  if (response.status === 429) {
    config.navigate(RELAX_PATH);
    throw errorFromResponse(response, data);
  }

  if (!isReplay && needsRefresh(response.status, data) && !NO_REFRESH_PATHS.includes(pathOnly(spec.path))) {
    await refreshBeforeReplay(tokenUsed, errorFromResponse(response, data));
    return send<T>(spec, true);
  }

  if (!SUCCESS_STATUSES[spec.method].includes(response.status)) throw errorFromResponse(response, data);

  if (spec.method === 'GET' && (data === undefined || data === null || data === '')) {
    throw new ApiError({ status: response.status, code: 'NO_DATA', message: 'No data returned' });
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'GET', path }, false),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'POST', path, body }, false),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'PUT', path, body }, false),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'PATCH', path, body }, false),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'DELETE', path, body }, false),
  /** Multipart POST (e.g. field "file"); succeeds on 200 or 201. */
  upload: <T>(path: string, formData: FormData, opts?: RequestOptions): Promise<T> =>
    send<T>({ ...opts, method: 'POST', path, formData }, false),
};

interface CacheEntry {
  expireAt: number;
  data: unknown;
}

function isCacheEntry(value: unknown): value is CacheEntry {
  return isRecord(value) && typeof value.expireAt === 'number' && 'data' in value;
}

export function cacheKey(path: string): string {
  return `${CACHE_KEY_PREFIX}${path}`;
}

/**
 * GET kept in sessionStorage for `lifetimeMs` (default 15 minutes); the network is called again
 * once the entry has expired. Concurrent calls for the same path share one request.
 */
export function cachedGet<T>(path: string, lifetimeMs: number = DEFAULT_CACHE_LIFETIME_MS): Promise<T> {
  const key = cacheKey(path);
  const entry = readJson('session', key);
  if (isCacheEntry(entry) && entry.expireAt > Date.now()) return Promise.resolve(entry.data as T);
  const pending = cacheFlights.get(key);
  if (pending) return pending as Promise<T>;
  const flight = api
    .get<T>(path)
    .then((data) => {
      writeJson('session', key, { expireAt: Date.now() + lifetimeMs, data } satisfies CacheEntry);
      return data;
    })
    .finally(() => {
      cacheFlights.delete(key);
    });
  cacheFlights.set(key, flight);
  return flight;
}

/** Drops the cached entry of one path (e.g. /core/trips/upcoming after loading). */
export function removeCached(path: string): void {
  removeItem('session', cacheKey(path));
}

/** Drops every cachedGet entry (the session reset clears all of sessionStorage anyway). */
export function clearCached(): void {
  for (const key of storageKeys('session')) {
    if (key.startsWith(CACHE_KEY_PREFIX)) removeItem('session', key);
  }
}
