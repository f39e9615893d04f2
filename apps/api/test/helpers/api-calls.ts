import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who calls: a signed-in test user (its access token is sent), or null for an anonymous call. */
export type Caller = { accessToken: string } | null;

/** A request to `/api${url}` as `caller`, with a JSON body when `payload` is given. */
export function apiCall(
  t: TestApp,
  caller: Caller,
  method: ApiMethod,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.request({
    method,
    url: `/api${url}`,
    ...(caller ? { token: caller.accessToken } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** `apiCall` bound to one test app: `const call = apiCaller(t); await call(ana, 'GET', '/users/chats')`. */
export function apiCaller(t: TestApp) {
  return (caller: Caller, method: ApiMethod, url: string, payload?: object) =>
    apiCall(t, caller, method, url, payload);
}

/** Asserts the status (the body shows when it differs); resolves to the response. */
export async function expectStatus(
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

/** Asserts the status (200 unless told); resolves to the JSON body. */
export async function expectJson<T>(
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
  status = 200,
): Promise<T> {
  return (await expectStatus(response, status)).json() as T;
}

/** Asserts an API error: its status and a message that matches. */
export function expectError(res: LightMyRequestResponse, status: number, message: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { message: string }).message).toMatch(message);
}
