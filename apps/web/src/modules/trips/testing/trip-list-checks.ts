/** Checks shared by the tests of a trip's lists (its bookings, its places of its own). */
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import {
  type Deferred,
  type FetchMock,
  jsonResponse,
  type RecordedRequest,
} from '../../../lib/testing/fetch-mock.ts';

/** A reply of a fake list endpoint: its first GET waits for `answer`; the rest go on. */
export function firstGetWaitsFor(answer: Deferred<Response>) {
  let waiting = true;
  return (request: RecordedRequest): Promise<Response> | undefined => {
    if (request.method !== 'GET' || !waiting) return undefined;
    waiting = false;
    return answer.promise;
  };
}

/**
 * The list says it loads; its first load (held by `answer`) fails with a 500, and the list says
 * it could not be loaded; `retry` prepares the next answer, and Try again is clicked.
 */
export async function failThenTryAgain(
  answer: Deferred<Response>,
  texts: { loading: string; failed: string },
  retry: () => void,
): Promise<void> {
  expect(await screen.findByText(texts.loading)).toBeTruthy();
  answer.resolve(jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' }));
  expect(await screen.findByText(texts.failed)).toBeTruthy();
  retry();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
}

/**
 * Saves the open form into a version conflict (decision 035): the notice shows `seen` (its title
 * and both versions), `choice` is clicked, and the dialog closes.
 */
export async function saveThroughConflict(
  user: UserEvent,
  seen: { title: string; theirs: string; mine: string },
  choice: 'Use mine' | 'Keep theirs',
): Promise<void> {
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
  const element = await screen.findByTestId('conflict-notice');
  const notice = within(element);
  expect({
    title: element.getAttribute('aria-label'),
    theirs: notice.getByTestId('conflict-theirs').textContent,
    mine: notice.getByTestId('conflict-mine').textContent,
  }).toEqual(seen);
  await user.click(notice.getByRole('button', { name: choice }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** The bodies of the requests sent to `path` with `method`. */
export const bodiesSent = (fetch: FetchMock, path: string, method: string): unknown[] =>
  fetch.to(path, method).map((request) => request.body);
