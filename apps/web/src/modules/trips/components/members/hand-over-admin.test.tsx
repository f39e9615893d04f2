import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import { HandOverAdmin } from './hand-over-admin.tsx';

const TRIP = makeTrip();
const HANDED_OVER = makeTrip({
  users: TRIP.users.map((u) => ({ ...u, role: u._id === 'u-2' ? 'admin' : 'member' })),
  myRole: 'member',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

function pickAndConfirm() {
  fireEvent.change(screen.getByRole('combobox', { name: 'New admin' }), { target: { value: 'u-2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
  const dialog = screen.getByRole('dialog', { name: 'Make Bob Stone the admin?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
}

describe('HandOverAdmin', () => {
  it('[MEMBERS-17] hands the admin role over in one request, and no role change is sent', async () => {
    setCookie('csrf-token', 'test-csrf');
    // The trip is read again afterwards (the caller's role changed): it answers the new state too.
    const fetch = mockFetch(() => jsonResponse(200, HANDED_OVER));
    renderAt(<HandOverAdmin trip={TRIP} userId="u-1" />);
    pickAndConfirm();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/trips/t-1/members/u-2/hand-over', 'POST')).toHaveLength(1);
    expect(fetch.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it("[MEMBERS-18] shows the server's refusal in the dialog", async () => {
    setCookie('csrf-token', 'test-csrf');
    mockFetch(() =>
      jsonResponse(
        403,
        errorBody(403, 'FORBIDDEN', 'Only an admin of the trip can hand over the admin role.'),
      ),
    );
    renderAt(<HandOverAdmin trip={TRIP} userId="u-1" />);
    pickAndConfirm();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Only an admin/);
  });
});
