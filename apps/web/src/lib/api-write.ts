/**
 * The one way the web app writes to the API (decision 011). Every POST, PUT, PATCH and DELETE of
 * a screen goes through `apiWrite` (sent now, its answer checked by its contract when one is
 * given) or, for the writes that may wait for a network, `apiOfflineWrite`, which hands them to
 * the offline write queue (decision 016, loaded on first use, never in the first download). Which
 * writes may be queued is decided here, in one table: a write that is not in it is sent at once.
 */
import { api, apiSend, type HttpMethod, type RequestOptions, type ResponseSchema } from './api-client.ts';
import type { NewWrite, SubmitResult } from './offline-queue.ts';

export type { NewWrite, SubmitResult };
export type WriteMethod = Exclude<HttpMethod, 'GET'>;

/**
 * The writes that may be queued offline (decision 016): planner moves and notes, ticks, new packing
 * items, places and bookings and changes of places and bookings, a rename.
 */
export const OFFLINE_WRITES: readonly { method: WriteMethod; path: RegExp }[] = [
  { method: 'POST', path: /^\/core\/trips\/[^/]+\/planner\/items\/[^/]+\/move$/ },
  { method: 'POST', path: /^\/core\/trips\/[^/]+\/planner\/notes$/ },
  { method: 'PATCH', path: /^\/core\/trips\/[^/]+\/planner\/items\/[^/]+$/ },
  { method: 'DELETE', path: /^\/core\/trips\/[^/]+\/planner\/items\/[^/]+$/ },
  { method: 'PUT', path: /^\/core\/trips\/[^/]+\/checklist$/ },
  { method: 'PATCH', path: /^\/core\/trips\/[^/]+\/checklist$/ },
  { method: 'POST', path: /^\/core\/trips\/[^/]+\/packing$/ },
  { method: 'PATCH', path: /^\/core\/trips\/[^/]+\/packing\/[^/]+$/ },
  { method: 'POST', path: /^\/core\/trips\/[^/]+\/(places|bookings)$/ },
  { method: 'PATCH', path: /^\/core\/trips\/[^/]+\/(places|bookings)\/[^/]+$/ },
  { method: 'PATCH', path: /^\/core\/trips\/update\/[^/]+$/ },
];

/** Whether `method path` may wait in the offline queue. */
export function mayQueueOffline(method: WriteMethod, path: string): boolean {
  return OFFLINE_WRITES.some((rule) => rule.method === method && rule.path.test(path));
}

/**
 * A write sent now: the answer checked by `schema` when given (an ApiError 'INVALID_RESPONSE' on a
 * mismatch), as is otherwise. A FormData body is sent as multipart.
 */
export function apiWrite<T = unknown>(
  method: WriteMethod,
  path: string,
  body?: unknown,
  schema?: ResponseSchema<T> | Promise<ResponseSchema<T>> | null,
  opts?: RequestOptions,
): Promise<T> {
  if (schema) return apiSend(method, path, body, schema, opts);
  if (body instanceof FormData) return api.upload<T>(path, body, opts);
  switch (method) {
    case 'POST':
      return api.post<T>(path, body, opts);
    case 'PUT':
      return api.put<T>(path, body, opts);
    case 'PATCH':
      return api.patch<T>(path, body, opts);
    case 'DELETE':
      return api.delete<T>(path, body, opts);
  }
}

/**
 * A write that may wait for a network: through the offline queue when `OFFLINE_WRITES` lists it
 * (sent now when it can be, kept and replayed otherwise), else sent at once.
 */
export async function apiOfflineWrite(write: NewWrite): Promise<SubmitResult> {
  if (!mayQueueOffline(write.method, write.path)) {
    return { queued: false, data: await apiWrite(write.method, write.path, write.body) };
  }
  const { submitWrite } = await import('./offline-queue-client.ts');
  return submitWrite(write);
}
