import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { offlineOnceLoaded } from '../../testing/offline-once-loaded.ts';
import { PLACES_OFFLINE_TEXT, TripPlacesSection } from './trip-places-section.tsx';

const submitWrite = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/offline-queue-client.ts', () => ({ submitWrite }));

resetMocksAfterEach();

describe('TripPlacesSection adds through the offline queue', () => {
  it('[PLACES-OWN-21] a place added without a network is queued with its own id and shown at once; it can be edited offline, removing waits for the network', async () => {
    setCookie('csrf-token', 'test-csrf');
    mockFetch(() => jsonResponse(200, []));
    submitWrite.mockResolvedValue({ queued: true });
    const user = await offlineOnceLoaded(
      <TripPlacesSection tripId="t-1" canEdit categories={[]} />,
      () => screen.findByTestId('trip-places-empty'),
      PLACES_OFFLINE_TEXT,
    );
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.paste('geo:38.7139,-9.1334?q=38.7139,-9.1334(Miradouro)');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add place' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Miradouro' })).toBeTruthy();
    expect(submitWrite).toHaveBeenCalledTimes(1);
    expect(submitWrite.mock.calls[0]![0]).toEqual({
      method: 'POST',
      path: '/core/trips/t-1/places',
      body: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Miradouro',
        category: null,
        address: '',
        lat: 38.7139,
        lng: -9.1334,
        website: null,
        phone: null,
        notes: '',
      },
      label: 'add “Miradouro” to the places of your trip',
    });
    // Editing works offline too (the change waits behind the add); removing waits for the network.
    expect((screen.getByRole('button', { name: 'Edit Miradouro' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Remove Miradouro' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
