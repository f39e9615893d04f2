import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import { InviteBlockPage } from './invite-block.tsx';

resetMocksAfterEach();

const TOKEN = 'b'.repeat(43);
const BLOCK = '/core/invites/block';

const renderAt = (path: string) =>
  renderRoutes([{ path: '/invites/block', element: <InviteBlockPage /> }], { path });

describe('InviteBlockPage', () => {
  it('says what blocking does and blocks only on the press of its button, signed out', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() =>
      jsonResponse(200, { message: 'Done: this address will get no more invitations from Tripcrew.' }),
    );
    renderAt(`/invites/block?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Block invitations from Tripcrew?' })).toBeTruthy();
    expect(screen.getByText(/Blocking stops every further invitation by email to this address/)).toBeTruthy();
    expect(fetch.to(BLOCK)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Block invitations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations blocked' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Done: you will get no more invitations from Tripcrew at this address, from anyone.',
    );
    const sent = fetch.to(BLOCK, 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('token')).toBe(TOKEN);
    expect(sent[0]!.headers.get('Authorization')).toBeNull();
  });

  it('an unknown or cleared-away link says so and offers no button', async () => {
    setCookie('csrf-token', 'test-csrf');
    mockFetch(() => jsonResponse(404, errorBody(404, 'NOT_FOUND', 'This link does not exist.')));
    renderAt(`/invites/block?token=${TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Block invitations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Open it again from the newest invitation email/);
    expect(screen.queryByRole('button', { name: 'Block invitations' })).toBeNull();
  });

  it('a link without its token is incomplete: nothing to press, nothing sent', () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    renderAt('/invites/block');
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/The link is incomplete/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetch.to(BLOCK)).toHaveLength(0);
  });

  it('a failure on the way says nothing was blocked and keeps the button to try again', async () => {
    setCookie('csrf-token', 'test-csrf');
    let down = true;
    const fetch = mockFetch(() => {
      if (down) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse(200, { message: 'Done' });
    });
    renderAt(`/invites/block?token=${TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Block invitations' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not be reached, so nothing was blocked/,
    );
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Block invitations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations blocked' })).toBeTruthy();
    await waitFor(() => expect(fetch.to(BLOCK, 'POST').length).toBeGreaterThanOrEqual(2));
  });
});
