import { okSchema } from '@tripcrew/contracts/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiGet, apiSend, isApiError } from './api-client.ts';
import { freshApiClientPerTest } from './testing/api-client-setup.ts';
import { jsonResponse, mockFetch } from './testing/fetch-mock.ts';

freshApiClientPerTest();

const messageSchema = z.object({ message: z.string() });

/** The error a call rejects with (the test fails when it resolves). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => error,
  );
}

function expectInvalidResponse(error: unknown, path: string, data: unknown) {
  expect(isApiError(error)).toBe(true);
  expect(error).toMatchObject({
    status: 200,
    code: 'INVALID_RESPONSE',
    message: `Unexpected response from ${path}`,
    data,
  });
}

describe('apiGet: answers validated by their contract', () => {
  it('returns the parsed answer (unknown keys stripped by the schema)', async () => {
    mockFetch(() => jsonResponse(200, { message: 'hi', extra: 1 }));
    await expect(apiGet('/core/x', messageSchema)).resolves.toEqual({ message: 'hi' });
  });

  it('throws INVALID_RESPONSE when the answer does not match', async () => {
    mockFetch(() => jsonResponse(200, { message: 42 }));
    expectInvalidResponse(await failureOf(apiGet('/core/x?q=1', messageSchema)), '/core/x', { message: 42 });
  });

  it('accepts a schema that is still loading', async () => {
    mockFetch(() => jsonResponse(200, { ok: false }));
    const error = await failureOf(apiGet('/core/x', Promise.resolve(okSchema)));
    expectInvalidResponse(error, '/core/x', { ok: false });
  });
});

describe('apiSend: POST, PUT, PATCH and DELETE answers validated by their contract', () => {
  it('sends the method and JSON body and returns the parsed answer', async () => {
    const mock = mockFetch(() => jsonResponse(201, { message: 'sent', extra: true }));
    await expect(apiSend('POST', '/auth/recovery', { email: 'a@b.co' }, messageSchema)).resolves.toEqual({
      message: 'sent',
    });
    expect(mock.requests[0]?.method).toBe('POST');
    expect(mock.requests[0]?.body).toEqual({ email: 'a@b.co' });
    expect(mock.requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'a %s whose answer does not match throws INVALID_RESPONSE',
    async (method) => {
      const mock = mockFetch(() => jsonResponse(200, { deleted: 1 }));
      const error = await failureOf(apiSend(method, '/core/trips/t1', undefined, okSchema));
      expectInvalidResponse(error, '/core/trips/t1', { deleted: 1 });
      expect(mock.requests[0]?.method).toBe(method);
    },
  );

  it('a DELETE answering { ok: true } succeeds', async () => {
    mockFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiSend('DELETE', '/core/trips/t1', undefined, okSchema)).resolves.toEqual({ ok: true });
  });

  it('an empty answer where the contract expects a body is INVALID_RESPONSE', async () => {
    mockFetch(() => new Response(null, { status: 200 }));
    const error = await failureOf(apiSend('POST', '/auth/recovery', { email: 'a@b.co' }, messageSchema));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('a FormData body is sent as multipart and validated, with a lazily loaded schema', async () => {
    const mock = mockFetch(() => jsonResponse(201, { original: 'o.png' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    const schema = Promise.resolve(z.object({ original: z.string(), thumbnail: z.string() }));
    const error = await failureOf(apiSend('POST', '/assets/upload/avatar', form, schema));
    expectInvalidResponse(error, '/assets/upload/avatar', { original: 'o.png' });
    expect(mock.requests[0]?.body).toBe(form);
    expect(mock.requests[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('an HTTP error stays the API error, not INVALID_RESPONSE', async () => {
    mockFetch(() => jsonResponse(400, { code: 'BAD_REQUEST', message: 'Bad email' }));
    const error = await failureOf(apiSend('POST', '/auth/recovery', { email: 'x' }, messageSchema));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});
