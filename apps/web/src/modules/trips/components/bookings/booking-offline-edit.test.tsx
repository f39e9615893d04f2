import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, type RecordedRequest } from '../../../../lib/testing/fetch-mock.ts';
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
import { bookingTrip, flight, ID_1, LIST, mockBookings, type Reply } from './booking-test-fixtures.ts';
import { BOOKINGS_OFFLINE_TEXT, BookingsTab } from './bookings-tab.tsx';

realOfflineQueueEachTest();
resetMocksAfterEach();

const ENTRY = `${LIST}/${ID_1}`;
const IDEMPOTENCY_KEY = /^[0-9a-f-]{36}$/;

/** The bookings tab of Ada (u-1), loaded online, then offline; `reply` may answer the endpoint first. */
async function offlineBookings(reply?: Reply) {
  const endpoint = mockBookings([flight()], reply);
  const screenParts = await offlineWithQueue(
    <BookingsTab trip={bookingTrip()} userId="u-1" />,
    () => screen.findByRole('heading', { name: 'Lisbon to New York' }),
    BOOKINGS_OFFLINE_TEXT,
  );
  return { ...endpoint, ...screenParts };
}

const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');

/** Opens the edit form of the booking `name` (its button works offline) and gives it `title`. */
async function retitle(user: UserEvent, name: string, title: string) {
  const edit = screen.getByRole('button', { name: `Edit ${name}` }) as HTMLButtonElement;
  expect(edit.disabled).toBe(false);
  await user.click(edit);
  const dialog = within(screen.getByRole('dialog', { name: 'Edit booking' }));
  await user.clear(dialog.getByLabelText('Title (optional)'));
  await user.type(dialog.getByLabelText('Title (optional)'), title);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('BookingsTab edits through the offline queue', () => {
  it('[BOOKINGS-OFFLINE-01] a booking edited without a network is queued, shown at once as waiting, and replayed with its version when back online', async () => {
    const { fetch, user, backOnline } = await offlineBookings();
    expect(
      (screen.getByRole('button', { name: 'Remove Lisbon to New York' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await retitle(user, 'Lisbon to New York', 'Lisbon to Newark');
    // Shown at once, marked as waiting; nothing sent.
    await vi.waitFor(() => expect(isWaiting('Lisbon to Newark')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Lisbon to New York' })).toBeNull();
    expect(within(cardOf('Lisbon to Newark')).getByTestId('trip-booking-code').textContent).toContain(
      'ABC123',
    );
    expect(writes(fetch.requests)).toEqual([]);
    expect(waitingStatus()).toBe('1 change waiting to sync');

    await backOnline();
    await vi.waitFor(() => expect(fetch.to(ENTRY, 'PATCH')).toHaveLength(1));
    const [patch] = fetch.to(ENTRY, 'PATCH');
    expect(patch!.body).toEqual({ title: 'Lisbon to Newark', version: 1 });
    expect(patch!.headers.get('Idempotency-Key')).toMatch(IDEMPOTENCY_KEY);
    await vi.waitFor(() => expect(isWaiting('Lisbon to Newark')).toBe(false));
    expect(waitingStatus()).toBe('');
    expect(screen.queryByTestId('conflict-notice')).toBeNull();
  });

  it('[BOOKINGS-OFFLINE-02] a replay that meets someone else\'s change of the same field keeps what was typed in the conflict notice; "Use mine" sends it from the newer version', async () => {
    const endpoint = await offlineBookings(
      conflictOnFirstPatch(
        {
          kind: 'booking',
          recordId: ID_1,
          fields: ['title'],
          current: { kind: 'flight', title: 'Lisbon to JFK', notes: flight().notes, version: 2 },
        },
        // Bob renamed it meanwhile: the list now has his title.
        () => endpoint.setList([flight({ title: 'Lisbon to JFK', version: 2 })]),
      ),
    );
    const { fetch, user, backOnline } = endpoint;
    await retitle(user, 'Lisbon to New York', 'Lisbon to Newark');
    await vi.waitFor(() => expect(isWaiting('Lisbon to Newark')).toBe(true));

    await backOnline();
    expect(await replayConflictSeen()).toEqual({
      change: 'edit “Lisbon to New York” in the bookings of your trip',
      title: 'Bob Stone changed this while you were editing.',
      theirs: 'Lisbon to JFK',
      mine: 'Lisbon to Newark',
    });
    // Nothing was written: the list shows the booking as it is now, no longer waiting.
    expect(await screen.findByRole('heading', { name: 'Lisbon to JFK' })).toBeTruthy();
    expect(isWaiting('Lisbon to JFK')).toBe(false);

    await chooseMineFromNewerVersion(user, () => fetch.to(ENTRY, 'PATCH').map((request) => request.body), {
      title: 'Lisbon to Newark',
    });
  });

  it('[BOOKINGS-OFFLINE-03] a booking added and then edited offline is replayed in order: the add first, then the edit from its first version', async () => {
    // The server knows no booking before its add has arrived: a change of it is a 404 until then.
    const unknownIs404: Reply = (request, list) =>
      request.method === 'PATCH' && !list.some((booking) => request.path === `${LIST}/${booking._id}`)
        ? jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'No such booking' })
        : undefined;
    const { fetch, user, backOnline } = await offlineBookings(unknownIs404);
    await user.click(screen.getByRole('button', { name: 'Add a booking' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Kind'), 'train');
    await user.type(dialog.getByLabelText('From'), 'Lisboa Oriente');
    fireEvent.change(dialog.getByLabelText('Departure: local date and time'), {
      target: { value: '2026-12-03T09:00' },
    });
    await user.type(dialog.getByLabelText('Departure: time zone (optional)'), 'Europe/Lisbon');
    await user.type(dialog.getByLabelText('Title (optional)'), 'Alfa Pendular');
    await user.click(dialog.getByRole('button', { name: 'Add booking' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await retitle(user, 'Alfa Pendular', 'Alfa Pendular to Porto');
    await vi.waitFor(() => expect(isWaiting('Alfa Pendular to Porto')).toBe(true));
    expect(writes(fetch.requests)).toEqual([]);
    expect(waitingStatus()).toBe('2 changes waiting to sync');

    await backOnline();
    await vi.waitFor(() => expect(writes(fetch.requests)).toHaveLength(2));
    const [add, edit] = writes(fetch.requests);
    const id = (add!.body as { _id: string })._id;
    expect([add!.method, add!.path]).toEqual(['POST', LIST]);
    expect([edit!.method, edit!.path, edit!.body]).toEqual([
      'PATCH',
      `${LIST}/${id}`,
      { title: 'Alfa Pendular to Porto', version: 1 },
    ]);
    await vi.waitFor(() => expect(isWaiting('Alfa Pendular to Porto')).toBe(false));
    expect(waitingStatus()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[BOOKINGS-OFFLINE-04] a new departure time made offline is shown at once at the same airport, in its zone, with the new duration', async () => {
    const { fetch, user, backOnline } = await offlineBookings();
    await user.click(screen.getByRole('button', { name: 'Edit Lisbon to New York' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit booking' }));
    fireEvent.change(dialog.getByLabelText('Departure: local date and time'), {
      target: { value: '2026-12-01T08:40' },
    });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(cardOf('Lisbon to New York'));
    expect(card.getByTestId('trip-booking-start').textContent).toBe('08:40 WET');
    // The airport as the server had named it (the form sends its code only), the zone it found.
    expect(card.getByTestId('trip-booking-from').textContent).toBe('LIS · Lisbon');
    expect(card.getByTestId('trip-booking-duration').textContent).toBe('6 h 50');
    await vi.waitFor(() => expect(isWaiting('Lisbon to New York')).toBe(true));
    expect(writes(fetch.requests)).toEqual([]);

    await backOnline();
    await vi.waitFor(() => expect(fetch.to(ENTRY, 'PATCH')).toHaveLength(1));
    expect(fetch.to(ENTRY, 'PATCH')[0]!.body).toEqual({
      start: { local: '2026-12-01T08:40', zone: 'Europe/Lisbon', place: { iata: 'LIS' } },
      version: 1,
    });
  });
});
