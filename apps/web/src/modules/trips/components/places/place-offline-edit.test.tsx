import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import {
  cardOf,
  conflictOnFirstPatch,
  isWaiting,
  offlineWithQueue,
  realOfflineQueueEachTest,
  replayConflictSeen,
  chooseMineFromNewerVersion,
  waitingStatus,
} from '../../testing/offline-edit-replay.tsx';
import { ID_1, LIST, mockPlaces, place, type Reply } from './place-test-fixtures.ts';
import { PLACES_OFFLINE_TEXT, TripPlacesSection } from './trip-places-section.tsx';

realOfflineQueueEachTest();
resetMocksAfterEach();

const ENTRY = `${LIST}/${ID_1}`;

/** Ada's places of her own, loaded online, then offline; `reply` may answer the endpoint first. */
async function offlinePlaces(reply?: Reply) {
  const endpoint = mockPlaces([place()], reply);
  const screenParts = await offlineWithQueue(
    <TripPlacesSection tripId="t-1" canEdit categories={[]} />,
    () => screen.findByRole('heading', { name: 'Our flat' }),
    PLACES_OFFLINE_TEXT,
  );
  return { ...endpoint, ...screenParts };
}

/** Renames "Our flat" in its edit form (its button works offline, removing does not). */
async function rename(user: UserEvent, name: string) {
  const edit = screen.getByRole('button', { name: 'Edit Our flat' }) as HTMLButtonElement;
  expect(edit.disabled).toBe(false);
  expect((screen.getByRole('button', { name: 'Remove Our flat' }) as HTMLButtonElement).disabled).toBe(true);
  await user.click(edit);
  const dialog = within(screen.getByRole('dialog', { name: 'Edit place' }));
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await user.clear(field);
  await user.type(field, name);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('TripPlacesSection edits through the offline queue', () => {
  it('[PLACES-OFFLINE-01] a place edited without a network is queued, shown at once as waiting, and replayed with its version when back online', async () => {
    const { fetch, user, backOnline } = await offlinePlaces();
    await rename(user, 'Our flat in Alfama');
    await vi.waitFor(() => expect(isWaiting('Our flat in Alfama')).toBe(true));
    expect(within(cardOf('Our flat in Alfama')).getByTestId('trip-place-notes').textContent).toBe(
      'Key box code 4711',
    );
    expect(fetch.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(waitingStatus()).toBe('1 change waiting to sync');

    await backOnline();
    await vi.waitFor(() => expect(fetch.to(ENTRY, 'PATCH')).toHaveLength(1));
    expect(fetch.to(ENTRY, 'PATCH')[0]!.body).toEqual({ name: 'Our flat in Alfama', version: 1 });
    await vi.waitFor(() => expect(isWaiting('Our flat in Alfama')).toBe(false));
    expect(waitingStatus()).toBe('');
  });

  it('[PLACES-OFFLINE-02] a replay that meets someone else\'s change of the same field keeps what was typed in the conflict notice; "Use mine" sends it from the newer version', async () => {
    const endpoint = await offlinePlaces(
      conflictOnFirstPatch(
        {
          kind: 'trip-place',
          recordId: ID_1,
          fields: ['name'],
          current: { name: 'The flat', notes: place().notes, version: 2 },
        },
        () => endpoint.setList([place({ name: 'The flat', version: 2 })]),
      ),
    );
    const { fetch, user, backOnline } = endpoint;
    await rename(user, 'Our flat in Alfama');
    await vi.waitFor(() => expect(isWaiting('Our flat in Alfama')).toBe(true));

    await backOnline();
    expect(await replayConflictSeen()).toEqual({
      change: 'edit “Our flat” in the places of your trip',
      title: 'Bob Stone changed this while you were editing.',
      theirs: 'The flat',
      mine: 'Our flat in Alfama',
    });
    expect(await screen.findByRole('heading', { name: 'The flat' })).toBeTruthy();
    expect(isWaiting('The flat')).toBe(false);

    await chooseMineFromNewerVersion(user, () => fetch.to(ENTRY, 'PATCH').map((request) => request.body), {
      name: 'Our flat in Alfama',
    });
  });
});
