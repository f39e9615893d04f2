/**
 * Component tests of edits made offline and replayed (decisions 016 and 035): the real offline
 * queue over a fake IndexedDB, its notices on screen beside the page, and the network switched off
 * and on by the test.
 */
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { renderWithToasts, signIn } from '../../../../test/shell-test-utils.tsx';
import { OfflineSync } from '../../../app/layout/offline-sync.tsx';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';
import { resetOfflineQueue } from '../../../lib/offline-queue-client.ts';
import { jsonResponse } from '../../../lib/testing/fetch-mock.ts';
import { configureOfflineQueue } from '../../../lib/offline-queue-config.ts';

/** Each test of the calling file gets a fresh queue, for a user of its own (nothing left by another test). */
export function realOfflineQueueEachTest(): void {
  beforeEach(() => {
    resetOfflineQueue();
    const user = `user-${crypto.randomUUID()}`;
    configureOfflineQueue({ currentUser: () => user, onSettled: () => undefined });
  });
  afterEach(() => {
    resetOfflineQueue();
    // The query cache's network state is the page's: a test that failed offline leaves it online.
    onlineManager.setOnline(true);
  });
}

async function setOnline(online: boolean): Promise<void> {
  vi.stubGlobal('navigator', { ...navigator, onLine: online });
  await act(async () => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/**
 * Renders `element` signed in, with the offline queue's notices beside it and the app's refetch
 * once a replay settled; once `loaded` has found what it waits for, takes the device offline (the
 * editors' offline note `note` shows). The user to act with, and the way back online (which
 * replays what waits).
 */
export async function offlineWithQueue(
  element: ReactElement,
  loaded: () => Promise<unknown>,
  note: MessageDescriptor,
) {
  const { store, queryClient } = renderWithToasts(
    <>
      {element}
      <OfflineSync />
    </>,
  );
  signIn(store);
  // As the app does (app.tsx): a settled replay reads the trips' data again.
  configureOfflineQueue({
    onSettled: ({ dropped }) =>
      void queryClient.invalidateQueries({
        queryKey: ['trips'],
        refetchType: dropped > 0 ? 'all' : 'active',
      }),
  });
  await loaded();
  await setOnline(false);
  expect(screen.getByText(i18n._(note))).toBeTruthy();
  return { user: userEvent.setup(), backOnline: () => setOnline(true) };
}

/** The card (a list item) whose heading is `name`. */
export const cardOf = (name: string): HTMLElement =>
  screen.getByRole('heading', { name }).closest('li') as HTMLElement;

/** Whether the card of `name` is marked "waiting to sync". */
export const isWaiting = (name: string): boolean =>
  within(cardOf(name)).queryByTestId('waiting-mark') !== null;

/** What the offline queue's status region says ("2 changes waiting to sync"; '' when nothing waits). */
export const waitingStatus = (): string | null | undefined =>
  screen.getAllByRole('status').find((region) => region.closest('.fixed'))?.textContent;

/** The replayed write's conflict notice: the change it names, who changed it, and both versions. */
export async function replayConflictSeen() {
  const element = await screen.findByTestId('conflict-notice');
  const notice = within(element);
  return {
    change: element.parentElement?.querySelector('p')?.textContent,
    title: element.getAttribute('aria-label'),
    theirs: notice.getByTestId('conflict-theirs').textContent,
    mine: notice.getByTestId('conflict-mine').textContent,
  };
}

/** What Bob's change of a record meanwhile looks like in a 409 (the replay's conflict). */
interface BobsChange {
  kind: string;
  recordId: string;
  fields: string[];
  /** The record as Bob left it (version 2). */
  current: Record<string, unknown>;
}

/**
 * A reply refusing the first PATCH with Bob's version conflict (version 2); `meanwhile` puts his
 * change into the fake endpoint's list first. Later PATCHes go through.
 */
export function conflictOnFirstPatch(
  change: BobsChange,
  meanwhile: () => void,
): (request: { method: string }) => Response | undefined {
  let conflicts = 1;
  return (request) => {
    if (request.method !== 'PATCH' || conflicts === 0) return undefined;
    conflicts -= 1;
    meanwhile();
    return jsonResponse(409, {
      statusCode: 409,
      code: 'VERSION_CONFLICT',
      message: 'Bob Stone changed this while you were editing.',
      conflict: {
        ...change,
        version: 2,
        changedBy: { _id: 'u-2', name: 'Bob Stone' },
        changedAt: '2031-01-02T00:00:00.000Z',
      },
    });
  };
}

/**
 * After a replay's conflict: "Use mine" sends the same change again from Bob's version, and the
 * notice goes. `sent` gives the PATCH bodies sent to `entry` so far.
 */
export async function chooseMineFromNewerVersion(
  user: ReturnType<typeof userEvent.setup>,
  sent: () => unknown[],
  change: Record<string, unknown>,
): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Use mine' }));
  await vi.waitFor(() => expect(sent()).toHaveLength(2));
  expect(sent()).toEqual([
    { ...change, version: 1 },
    { ...change, version: 2 },
  ]);
  expect(screen.queryByTestId('conflict-notice')).toBeNull();
}
