import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { offlineOnceLoaded } from '../../testing/offline-once-loaded.ts';
import { bookingTrip, flight, LIST, mockBookings } from './booking-test-fixtures.ts';
import { BOOKINGS_OFFLINE_TEXT, BookingsTab } from './bookings-tab.tsx';

const submitWrite = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/offline-queue-client.ts', () => ({ submitWrite }));

resetMocksAfterEach();

describe('BookingsTab adds through the offline queue', () => {
  it('[BOOKINGS-WEB-19] a booking added without a network is queued with its own id and shown at once; it can be edited offline, removing waits for the network', async () => {
    mockBookings([flight()]);
    submitWrite.mockResolvedValue({ queued: true });
    const user = await offlineOnceLoaded(
      <BookingsTab trip={bookingTrip()} userId="u-1" />,
      () => screen.findByRole('heading', { name: 'Lisbon to New York' }),
      BOOKINGS_OFFLINE_TEXT,
    );
    await user.click(screen.getByRole('button', { name: 'Add a booking' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Kind'), 'train');
    await user.type(dialog.getByLabelText('From'), 'Lisboa Oriente');
    fireEvent.change(dialog.getByLabelText('Departure: local date and time'), {
      target: { value: '2026-12-03T09:00' },
    });
    await user.type(dialog.getByLabelText('Departure: time zone (optional)'), 'Europe/Lisbon');
    await user.type(dialog.getByLabelText('Title (optional)'), 'Alfa Pendular to Porto');
    await user.click(dialog.getByRole('button', { name: 'Add booking' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Alfa Pendular to Porto' })).toBeTruthy();
    expect(submitWrite).toHaveBeenCalledTimes(1);
    expect(submitWrite.mock.calls[0]![0]).toEqual({
      method: 'POST',
      path: LIST,
      body: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'train',
        title: 'Alfa Pendular to Porto',
        start: { local: '2026-12-03T09:00', zone: 'Europe/Lisbon', place: { name: 'Lisboa Oriente' } },
      },
      label: 'add “Alfa Pendular to Porto” to the bookings of your trip',
    });
    const added = screen.getByRole('heading', { name: 'Alfa Pendular to Porto' }).closest('li')!;
    expect(within(added).getByTestId('trip-booking-start').textContent).toBe('09:00 WET');
    // Editing works offline too (the change waits behind the add); removing waits for the network.
    expect(
      (screen.getByRole('button', { name: 'Edit Alfa Pendular to Porto' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(
      (screen.getByRole('button', { name: 'Remove Alfa Pendular to Porto' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
