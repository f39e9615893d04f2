/** Test helpers: a recording fetch stub and cookie helpers (used by the state and client tests only). */
import { vi, type Mock } from 'vitest';

export interface RecordedRequest {
  /** URL as passed to fetch. */
  url: string;
  /** Path after the API base (e.g. '/users/users/me'), without the query string. */
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** Parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FetchMock {
  fn: Mock<typeof fetch>;
  requests: RecordedRequest[];
  /** Requests to a path (optionally a method). */
  to: (path: string, method?: string) => RecordedRequest[];
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData) return body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

/** A runaway retry loop fails the test instead of hanging it. */
const MAX_REQUESTS = 50;

/** Stubs the global fetch; every call is recorded and answered by `handler`. */
export function mockFetch(handler: FetchHandler, base = '/api'): FetchMock {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const basePath = new URL(base, 'http://localhost').pathname.replace(/\/+$/, '');
    const path = parsed.pathname.startsWith(basePath)
      ? parsed.pathname.slice(basePath.length)
      : parsed.pathname;
    const recorded: RecordedRequest = {
      url,
      path,
      query: parsed.searchParams,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: parseBody(init?.body),
    };
    requests.push(recorded);
    if (requests.length > MAX_REQUESTS)
      throw new Error(`fetch mock: more than ${MAX_REQUESTS} requests (runaway retry?)`);
    return handler(recorded);
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    requests,
    to: (path, method) =>
      requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(statusCode: number, code: string, message: string, reason?: string) {
  return reason === undefined ? { statusCode, code, message } : { statusCode, code, message, reason };
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
