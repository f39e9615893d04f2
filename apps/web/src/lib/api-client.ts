/**
 * The one HTTP client of the web app (SPEC §6–§8, CLIENT-01..12).
 *
 * - Every call goes to the base URL ('/api' or VITE_API_URL) with credentials and X-Requested-With.
 * - Bearer access token when one exists; X-CSRF-Token on everything but GET (api-auth.ts).
 * - 401, or 403 with reason 'token-expired' → single-flight refresh, then one replay (api-auth.ts).
 * - 429 sends the browser to /wow-relax.
 * - apiGet(path, schema) and apiSend(method, path, body, schema) validate the answer with its contract
 *   and throw ApiError 'INVALID_RESPONSE' on a mismatch.
 *
 * The client knows nothing about Redux: the store is plugged in with configureApiClient(). Server
 * data is cached by TanStack Query only (per-query rules: cached-query.ts; saved to IndexedDB: offline-query-cache.ts).
 */
import {
  ensureCsrfToken,
  needsRefresh,
  pathOnly,
  rawFetch,
  readBody,
  refreshBeforeReplay,
  SUCCESS_STATUSES,
} from './api-auth.ts';
import { takeEarlyResponse } from './early-responses.ts';
import {
  apiConfig,
  apiUrl,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  CSRF_HEADER,
  type HttpMethod,
  type QueryValue,
  REFRESH_PATH,
  RELAX_PATH,
} from './api-config.ts';
import { ApiError, errorFromResponse } from './api-error.ts';

export {
  apiUrl,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  configureApiClient,
  CSRF_COOKIE,
  CSRF_HEADER,
  getApiBaseUrl,
  HEALTH_PATH,
  readCookie,
  REFRESH_PATH,
  REFRESH_RACE_REASON,
  RELAX_PATH,
  resetApiClient,
  setApiBaseUrl,
  type ApiClientConfig,
  type ApiTokens,
  type HttpMethod,
  type QueryValue,
} from './api-config.ts';
export {
  ApiError,
  isApiError,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  type ApiErrorBody,
  type ApiErrorInit,
} from './api-error.ts';

export interface RequestOptions {
  /** Appended to the path as a query string; null/undefined values are skipped, arrays repeat. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What apiGet needs of a contract (a zod schema from packages/contracts). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

/** Calls whose 401 means "wrong credentials", not "expired token": never refreshed. */
const NO_REFRESH_PATHS = [
  '/auth/login',
  '/auth/login/two-factor',
  REFRESH_PATH,
  '/auth/register',
  '/auth/confirm',
  '/auth/recovery',
  '/auth/recovery-confirm',
  '/auth/networks/activate-user',
];

interface RequestSpec extends RequestOptions {
  method: HttpMethod;
  path: string;
  body?: unknown;
  formData?: FormData;
}

async function send<T>(spec: RequestSpec, isReplay: boolean): Promise<T> {
  const tokenUsed = apiConfig().getTokens().accessToken;
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

  const url = apiUrl(spec.path, spec.query);
  const init: RequestInit = { method: spec.method, headers, body, signal: spec.signal };
  // The first page's data the start-up script already asked for (early-responses.ts).
  const early = spec.method === 'GET' && !isReplay ? takeEarlyResponse(url, tokenUsed) : null;
  const response = early ? await early.catch(() => rawFetch(url, init)) : await rawFetch(url, init);
  const data = await readBody(response, spec.signal);

  if (response.status === 429) {
    apiConfig().navigate(RELAX_PATH);
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

/** A contract, or the promise of one (lazy-schema.ts). */
export type SchemaOrLoad<T> = ResponseSchema<T> | Promise<ResponseSchema<T>>;

/**
 * The parsed answer, or an ApiError 'INVALID_RESPONSE' when it does not match the schema. The
 * answer and the schema are awaited together, so a lazily loaded schema does not delay the answer.
 */
async function validated<T>(answer: Promise<unknown>, schema: SchemaOrLoad<T>, path: string): Promise<T> {
  const [data, loaded] = await Promise.all([answer, schema]);
  const parsed = loaded.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    status: 200,
    code: 'INVALID_RESPONSE',
    message: `Unexpected response from ${pathOnly(path)}`,
    data,
    cause: parsed.error,
  });
}

/**
 * GET validated by its contract: the parsed answer, or an ApiError 'INVALID_RESPONSE' when the
 * answer does not match the schema (the one way every screen reads server data). The schema may
 * be a promise (`import('@tripcrew/contracts/…').then(…)`) for modules of the first download,
 * which must not pull zod into the entry chunk (lazy-schema.ts); it loads alongside the request.
 */
export function apiGet<T>(path: string, schema: SchemaOrLoad<T>, opts?: RequestOptions): Promise<T> {
  return validated(api.get<unknown>(path, opts), schema, path);
}

/**
 * POST, PUT, PATCH or DELETE validated by its contract, like apiGet (the same error on a
 * mismatch, the same lazy schemas). A FormData body is sent as multipart (like api.upload).
 */
export function apiSend<T>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body: unknown,
  schema: SchemaOrLoad<T>,
  opts?: RequestOptions,
): Promise<T> {
  const payload = body instanceof FormData ? { formData: body } : { body };
  return validated(send<unknown>({ ...opts, ...payload, method, path }, false), schema, path);
}
