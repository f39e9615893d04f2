import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { InviteByEmail } from './invite-by-email.tsx';

resetMocksAfterEach();

describe('InviteByEmail', () => {
  it('[INVITE-11] checks the address before sending, sends address and role, and says where it went', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/trips/t-1/invites/email' && request.method === 'POST'
        ? jsonResponse(200, {
            _id: 'i-3',
            role: 'viewer',
            createdAt: '2031-01-01T10:00:00.000Z',
            expiresAt: '2031-01-08T10:00:00.000Z',
            maxUses: 1,
            uses: 0,
            createdBy: { _id: 'u-1', name: 'Ada' },
            sentTo: 'gil@example.com',
          })
        : jsonResponse(200, []),
    );
    renderAt(<InviteByEmail tripId="t-1" />);
    const address = screen.getByLabelText('Email address');
    fireEvent.change(address, { target: { value: 'gil at example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Write an email address/);
    expect(fetch.to('/core/trips/t-1/invites/email')).toHaveLength(0);

    fireEvent.change(address, { target: { value: ' gil@example.com ' } });
    fireEvent.change(screen.getByLabelText('Role the invitation gives'), { target: { value: 'viewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/invites/email', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/invites/email', 'POST')[0]!.body).toEqual({
      email: 'gil@example.com',
      role: 'viewer',
    });
    expect((await screen.findByRole('status')).textContent).toMatch(/Invitation sent to gil@example.com/);
    expect((address as HTMLInputElement).value).toBe('');
  });
});
