import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountDeletionPlan } from '@tripcrew/contracts/account-deletion';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockApi } from '../../auth/testing/mock-api.ts';
import { AccountDeletionSection } from './account-deletion-section.tsx';

resetMocksAfterEach();

const PLAN: AccountDeletionPlan = {
  email: 'dee@example.test',
  hasPassword: true,
  twoFactor: false,
  trips: [
    {
      tripId: 'trip-1',
      tripName: 'Lisbon, Portugal',
      members: [
        { _id: 'ana', name: 'Ana', lastName: 'Silva', role: 'member' },
        { _id: 'bo', name: 'Bo', lastName: 'Berg', role: 'driver' },
      ],
    },
    { tripId: 'trip-2', tripName: 'Solo Paris', members: [] },
  ],
};

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Delete my account/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
  await within(dialog).findByText('Lisbon, Portugal');
  return { user, dialog };
}

describe('AccountDeletionSection', () => {
  it('[DELETE-06] says what goes and what stays, and deletes with a choice per trip, the password and the typed word', async () => {
    const api = mockApi({
      'GET /account/deletion': jsonResponse(200, PLAN),
      'POST /account/delete': jsonResponse(200, { message: 'Your account has been deleted.' }),
    });
    const onDeleted = vi.fn();
    renderAt(<AccountDeletionSection onDeleted={onDeleted} />);
    expect(screen.getByRole('heading', { name: 'What goes' })).toBeTruthy();
    expect(screen.getByText(/shown as from “Deleted user”/)).toBeTruthy();

    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Solo Paris')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    await user.selectOptions(within(dialog).getByLabelText('New admin of Lisbon, Portugal'), 'bo');
    await user.type(within(dialog).getByLabelText('Your password'), 'my-secret');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(submit);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Your account has been deleted.'));
    expect(api.to('/account/delete', 'POST')[0]?.body).toEqual({
      password: 'my-secret',
      trips: [{ tripId: 'trip-1', action: 'hand-over', toUserId: 'bo' }],
    });
  });

  it('[DELETE-08] the deletion still ends in onDeleted when the page unmounted the form first (the server ended the session meanwhile)', async () => {
    let release = () => {};
    const api = mockApi({
      'GET /account/deletion': jsonResponse(200, PLAN),
      'POST /account/delete': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, { message: 'Your account has been deleted.' }));
        }),
    });
    let hide = () => {};
    function Page({ onDeleted }: { onDeleted: (message: string) => void }) {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return shown ? <AccountDeletionSection onDeleted={onDeleted} /> : <p>Signed out</p>;
    }
    const onDeleted = vi.fn();
    renderAt(<Page onDeleted={onDeleted} />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your password'), 'my-secret');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(api.to('/account/delete', 'POST')).toHaveLength(1));

    act(() => hide());
    expect(screen.getByText('Signed out')).toBeTruthy();
    release();
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Your account has been deleted.'));
  });

  it('[DELETE-07] a second-factor demand from the server shows its message and the code field', async () => {
    mockApi({
      'GET /account/deletion': jsonResponse(200, PLAN),
      'POST /account/delete': jsonResponse(403, {
        ...errorBody(400, 'TWO_FACTOR_CODE_REQUIRED', 'Enter the code from your authenticator app.'),
      }),
    });
    renderAt(<AccountDeletionSection onDeleted={vi.fn()} />);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Delete the trip for everyone'));
    await user.type(within(dialog).getByLabelText('Your password'), 'my-secret');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('authenticator');
    expect(within(dialog).getByLabelText('Two-factor code')).toBeTruthy();
  });
});
