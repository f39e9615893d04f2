import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, resetMocksAfterEach, signIn } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import { InvitePage } from './invite.tsx';

const PREVIEW = {
  tripId: 't-1',
  tripName: 'Lisbon, Portugal',
  place: { _id: 'p-1', name: 'Lisbon' },
  startDate: '2031-05-05',
  endDate: '2031-05-08',
  role: 'member',
  invitedBy: 'Ada',
  expiresAt: '2031-01-31T10:00:00.000Z',
  alreadyMember: false,
};

function renderInvite(signedIn: boolean) {
  const result = renderRoutes(
    [
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/trips/:id', element: <p>trip page</p> },
    ],
    { path: '/invite/tok-1' },
  );
  if (signedIn) signIn(result.store);
  return result;
}

resetMocksAfterEach();

/** The preview answers `status`: the page says the link no longer works, and why. */
async function expectDeadLink(status: number, code: string, message: string) {
  mockFetch(() => jsonResponse(status, { statusCode: status, code, message }));
  renderInvite(true);
  expect(await screen.findByRole('heading', { name: 'This invite link no longer works' })).toBeTruthy();
  expect(screen.getByText(message)).toBeTruthy();
}

describe('InvitePage', () => {
  it('[INVITE-01] signed out: sign in and register links that come back to this invite, and no call', async () => {
    const fetch = mockFetch(() => jsonResponse(500));
    renderInvite(false);
    expect(await screen.findByRole('heading', { name: 'You are invited to a trip' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?returnTo=%2Finvite%2Ftok-1',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register?returnTo=%2Finvite%2Ftok-1',
    );
    expect(fetch.requests).toHaveLength(0);
  });

  it('[INVITE-02] signed in: trip name, place, dates, who invited; Join lands in the trip', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.method === 'POST'
        ? jsonResponse(200, { tripId: 't-1', role: 'member', alreadyMember: false })
        : jsonResponse(200, PREVIEW),
    );
    renderInvite(true);
    expect(await screen.findByRole('heading', { name: 'Lisbon, Portugal' })).toBeTruthy();
    expect(screen.getByText('Ada invites you')).toBeTruthy();
    expect(screen.getByText('Lisbon')).toBeTruthy();
    expect(screen.getByText('5 May 2031 – 8 May 2031')).toBeTruthy();
    expect(screen.getByText('You join as member')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join the trip' }));
    expect(await screen.findByText('trip page')).toBeTruthy();
    expect(fetch.to('/core/invites/tok-1/join', 'POST')).toHaveLength(1);
  });

  it('[INVITE-03] a revoked, expired or used-up link shows the reason, with no Join button', async () => {
    await expectDeadLink(410, 'GONE', 'This invite link has expired.');
    expect(screen.queryByRole('button', { name: 'Join the trip' })).toBeNull();
  });

  it('[INVITE-04] an unknown link (404) says so too', async () => {
    await expectDeadLink(404, 'NOT_FOUND', 'Invite link not found.');
  });

  it('[INVITE-05] someone already in the trip is told so and opens it', async () => {
    mockFetch(() => jsonResponse(200, { ...PREVIEW, alreadyMember: true }));
    renderInvite(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the trip' }));
    await waitFor(() => expect(screen.getByText('trip page')).toBeTruthy());
  });
});
