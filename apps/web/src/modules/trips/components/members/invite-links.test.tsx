import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { InviteLinks } from './invite-links.tsx';
import { ShareLink } from './share-link.tsx';

const INVITE = {
  _id: 'i-1',
  role: 'guest',
  createdAt: '2031-01-01T10:00:00.000Z',
  expiresAt: '2031-01-31T10:00:00.000Z',
  maxUses: 5,
  uses: 2,
  createdBy: { _id: 'u-1', name: 'Ada' },
};

resetMocksAfterEach();

describe('InviteLinks', () => {
  it('[MEMBERS-09] makes a link with role, expiry and use limit, shows it as this origin /invite/{token}, lists and revokes', async () => {
    setCookie('csrf-token', 'test-csrf');
    let invites = [INVITE];
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/invites' && request.method === 'GET')
        return jsonResponse(200, invites);
      if (request.path === '/core/trips/t-1/invites' && request.method === 'POST')
        return jsonResponse(200, {
          ...INVITE,
          _id: 'i-2',
          role: 'viewer',
          uses: 0,
          token: 'tok-123',
          url: 'https://elsewhere.example/invite/tok-123',
        });
      if (request.path === '/core/trips/t-1/invites/i-1' && request.method === 'DELETE') {
        invites = [];
        return jsonResponse(200, { ok: true });
      }
      return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'nope' });
    });
    renderAt(<InviteLinks tripId="t-1" />);
    const item = await screen.findByTestId('invite-link');
    expect(item.textContent).toContain('Guest');
    expect(item.textContent).toContain('2 of 5 uses');

    fireEvent.change(screen.getByRole('combobox', { name: 'Role the link gives' }), {
      target: { value: 'viewer' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Link expires after' }), {
      target: { value: '30' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'How many people can use it' }), {
      target: { value: '5' },
    });
    expect(
      within(screen.getByRole('combobox', { name: 'Role the link gives' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).not.toContain('Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const field = await screen.findByRole('textbox', { name: 'New invite link' });
    expect(fetch.to('/core/trips/t-1/invites', 'POST')[0]?.body).toEqual({
      role: 'viewer',
      expiresInDays: 30,
      maxUses: 5,
    });
    expect((field as HTMLInputElement).value).toBe(`${window.location.origin}/invite/tok-123`);

    fireEvent.click(screen.getByRole('button', { name: /^Revoke the guest link/ }));
    expect(await screen.findByText('No active invite links.')).toBeTruthy();
  });

  it('[MEMBERS-10] copies the new link to the clipboard', async () => {
    setCookie('csrf-token', 'test-csrf');
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockFetch((request) =>
      request.method === 'GET'
        ? jsonResponse(200, [])
        : jsonResponse(200, { ...INVITE, token: 'tok-9', url: 'x/invite/tok-9' }),
    );
    renderAt(<InviteLinks tripId="t-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/tok-9`));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
  });
});

describe('ShareLink', () => {
  it('[MEMBERS-11] turns sharing on (a link on this origin /share/{token}) and off', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) => {
      if (request.method === 'GET') return jsonResponse(200, { enabled: false, createdAt: null, url: null });
      if (request.method === 'POST')
        return jsonResponse(200, {
          enabled: true,
          createdAt: '2031-01-01T10:00:00.000Z',
          url: 'https://elsewhere.example/share/sh-1',
        });
      return jsonResponse(200, { ok: true });
    });
    renderAt(<ShareLink tripId="t-1" />);
    expect((await screen.findByTestId('share-state')).textContent).toBe('Sharing is off.');
    fireEvent.click(screen.getByRole('button', { name: 'Turn sharing on' }));
    const field = await screen.findByRole('textbox', { name: 'Public link' });
    expect((field as HTMLInputElement).value).toBe(`${window.location.origin}/share/sh-1`);
    fireEvent.click(screen.getByRole('button', { name: 'Turn sharing off' }));
    await waitFor(() => expect(screen.getByTestId('share-state').textContent).toBe('Sharing is off.'));
    expect(fetch.to('/core/trips/t-1/share', 'DELETE')).toHaveLength(1);
  });
});
