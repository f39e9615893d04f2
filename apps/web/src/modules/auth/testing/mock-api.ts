/** Test helpers for the account screens: a fetch stub answering by "METHOD /path". */
import { act } from '@testing-library/react';
import { toast } from 'react-toastify';
import {
  errorBody,
  jsonResponse,
  mockFetch,
  type FetchMock,
  type RecordedRequest,
  setCookie,
} from '../../../lib/testing/fetch-mock.ts';

export type Answer = Response | ((request: RecordedRequest) => Response | Promise<Response>);

export const SESSION = {
  _id: 'u-1',
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  image: null,
  createdAt: '2024-03-05T10:00:00.000Z',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
};

/**
 * Stubs fetch: `answers` is keyed by "METHOD /path" (path after /api, no query string). Unknown
 * calls answer 404. A CSRF cookie is set so POSTs need no GET /health first.
 */
export function mockApi(answers: Record<string, Answer>): FetchMock {
  setCookie('csrf-token', 'test-csrf');
  return mockFetch(async (request) => {
    const answer = answers[`${request.method} ${request.path}`];
    if (answer === undefined)
      return jsonResponse(404, errorBody(404, 'NOT_FOUND', `No route ${request.path}`));
    // A Response body can be read once: hand out clones.
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
}

export { errorBody, jsonResponse };

/** Removes every toast between tests. */
export function dismissToasts() {
  act(() => toast.dismiss());
}
