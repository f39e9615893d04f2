import type { Trip } from '@tripcrew/contracts/trips';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signIn } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { makeTrip, mockTripApi } from '../../testing/trip-fixtures.ts';
import { TripHeader } from './trip-header.tsx';

let applyLiveTrip: (change: Partial<Trip>) => void = () => undefined;

/** The header with a trip that a live change replaces, as a refetch after a 'trip' frame does. */
function LiveHeader() {
  const [trip, setTrip] = useState(makeTrip());
  applyLiveTrip = (change) => setTrip((current) => ({ ...current, ...change }));
  return <TripHeader trip={trip} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('TripHeader with live changes', () => {
  it('[LIVE-10] a rename by another member arriving while the name is being typed keeps the typed text', () => {
    mockTripApi();
    const { store } = renderAt(<LiveHeader />);
    signIn(store);
    fireEvent.click(screen.getByRole('button', { name: /edit trip name/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Trip name' }), {
      target: { value: 'Lisbon with' },
    });

    act(() => applyLiveTrip({ tripName: 'Porto weekend', transportMode: 'public' }));
    expect((screen.getByRole('textbox', { name: 'Trip name' }) as HTMLInputElement).value).toBe(
      'Lisbon with',
    );

    // Escape drops the draft; the next edit starts from the name the server has now.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Trip name' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Porto weekend (edit trip name)' }));
    expect((screen.getByRole('textbox', { name: 'Trip name' }) as HTMLInputElement).value).toBe(
      'Porto weekend',
    );
  });
});
