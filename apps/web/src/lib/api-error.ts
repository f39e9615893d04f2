import { msg } from '@lingui/core/macro';
/** The one error type of the API client (every failure of a call is an ApiError). */

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

/** The code of a call that got no HTTP response at all (offline, DNS, connection refused). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** What a call that needed the network says when there was none (shown by the error toasts). */
export const NETWORK_ERROR_MESSAGE = msg`You're offline — this needs a connection. Try again when you're back online.`;

/**
 * The call never reached the server for want of a network (not a refusal, not a server error):
 * its own fetch failed, or the one it needed first (GET /health for the CSRF cookie).
 */
export function isNetworkError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === NETWORK_ERROR_CODE || (error.status === 0 && isNetworkError(error.cause));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function errorFromResponse(response: Response, data: unknown): ApiError {
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
