import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import type { MemberBalances, UseMemberBalances } from './member-balance.ts';
import { MemberList } from './member-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

const TRIP = makeTrip();
const balancesHook =
  (data: MemberBalances | undefined, isPending = false): UseMemberBalances =>
  () => ({ data, isPending, isError: false });
const withBob = (balanceMinor: number): MemberBalances => ({
  baseCurrency: 'EUR',
  balances: [
    { _id: 'u-1', balanceMinor: -balanceMinor },
    { _id: 'u-2', balanceMinor },
  ],
});

/** The member list of an admin, Bob's balance `balanceMinor`; Remove Bob's dialog, open. */
function openRemove(balanceMinor: number, onSettleUp = vi.fn()) {
  renderAt(
    <MemberList
      trip={TRIP}
      userId="u-1"
      manage
      useBalances={balancesHook(withBob(balanceMinor))}
      onSettleUp={onSettleUp}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Remove Bob Stone' }));
  return screen.getByRole('dialog', { name: 'Remove Bob Stone?' });
}

describe('Removing a member with money open', () => {
  it('[MONEY-24] names what they owe and offers "Settle up first" beside Remove, which opens the money tab and removes no one', () => {
    const fetch = mockFetch(() => jsonResponse(200, TRIP));
    const onSettleUp = vi.fn();
    const dialog = openRemove(-1250, onSettleUp);
    expect(within(dialog).getByText('Bob Stone owes €12.50.')).toBeTruthy();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons.slice(-3)).toEqual(['Cancel', 'Settle up first', 'Remove']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settle up first' }));
    expect(onSettleUp).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('[MONEY-24] names what they are owed, and Remove still removes them', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() => jsonResponse(200, TRIP));
    const dialog = openRemove(1250);
    expect(within(dialog).getByText('Bob Stone is owed €12.50.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('[MONEY-24] a settled member gets the plain confirmation, without "Settle up first"', () => {
    mockFetch(() => jsonResponse(200, TRIP));
    const dialog = openRemove(0);
    expect(within(dialog).queryByText(/owes|is owed/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Settle up first' })).toBeNull();
    expect(within(dialog).getByText(/They lose access to the trip/)).toBeTruthy();
  });
});
