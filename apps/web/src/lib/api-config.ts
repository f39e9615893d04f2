/** Configuration, URLs and cookies of the API client (see api-client.ts). */

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

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CLIENT_HEADER = 'X-Requested-With';
export const CLIENT_HEADER_VALUE = 'XMLHttpRequest';
export const RELAX_PATH = '/wow-relax';
export const REFRESH_PATH = '/auth/refresh';
export const HEALTH_PATH = '/health';
/** Reason of the 401 the API gives the slower of two tabs refreshing the same token at once. */
export const REFRESH_RACE_REASON = 'refresh-race';

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
const resetHooks: (() => void)[] = [];

/** The current configuration (read on every call, so configureApiClient applies at once). */
export function apiConfig(): ApiClientConfig {
  return config;
}

/** Registers in-flight state to drop on resetApiClient (the CSRF and refresh flights). */
export function onApiClientReset(hook: () => void): void {
  resetHooks.push(hook);
}

/** Plugs the token source, session reset and navigation in. Returns a function restoring the previous config. */
export function configureApiClient(partial: Partial<ApiClientConfig>): () => void {
  const previous = config;
  const next: ApiClientConfig = { ...config, ...partial };
  config = next;
  return () => {
    if (config === next) config = previous;
  };
}

/** Back to the defaults and no in-flight refresh/CSRF work (tests). */
export function resetApiClient(): void {
  config = defaultConfig();
  for (const hook of resetHooks) hook();
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
