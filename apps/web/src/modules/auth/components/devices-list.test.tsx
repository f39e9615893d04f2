import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { configureApiClient } from '../../../lib/api-config.ts';
import { errorBody, jsonResponse, mockApi } from '../testing/mock-api.ts';
import { DevicesList } from './devices-list.tsx';

resetMocksAfterEach();

const LAPTOP = {
  _id: '11111111-1111-4111-8111-111111111111',
  label: 'Chrome 131 on Windows',
  browser: 'Chrome',
  os: 'Windows',
  kind: 'desktop',
  network: '203.0.113.x',
  signedInAt: '2026-11-20T09:15:00.000Z',
  lastUsedAt: '2026-11-27T08:41:00.000Z',
  current: true,
};
const PHONE = {
  ...LAPTOP,
  _id: '22222222-2222-4222-8222-222222222222',
  label: 'Safari 17 on iOS',
  browser: 'Safari',
  os: 'iOS',
  kind: 'phone',
  network: '2001:db8:abcd::/48',
  current: false,
};
const TABLET = {
  ...PHONE,
  _id: '33333333-3333-4333-8333-333333333333',
  label: 'Chrome 131 on iPadOS',
  kind: 'tablet',
};

const renderList = () => renderWithToasts(<DevicesList />, { path: '/account' });
const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

describe('DevicesList', () => {
  it('[DEVICES-11] lists each device with its kind, "This device", dates and network part', async () => {
    mockApi({ 'GET /auth/sessions': jsonResponse(200, { sessions: [LAPTOP, PHONE] }) });
    renderList();
    expect(screen.getByRole('status').textContent).toMatch(/Loading your devices/);
    expect(screen.getByRole('heading', { name: 'Your devices' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [laptop, phone] = rows() as [HTMLElement, HTMLElement];
    expect(laptop.textContent).toContain('Chrome 131 on Windows');
    expect(within(laptop).getByText('This device')).toBeTruthy();
    expect(within(laptop).getByText('Computer')).toBeTruthy();
    expect(laptop.textContent).toContain('Signed in 20 Nov 2026');
    expect(laptop.textContent).toContain('Last used 27 Nov 2026');
    expect(laptop.textContent).toContain('Network 203.0.113.x');
    expect(within(phone).queryByText('This device')).toBeNull();
    expect(within(phone).getByText('Phone')).toBeTruthy();
    expect(phone.textContent).toContain('Network 2001:db8:abcd::/48');
    expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeTruthy();
  });

  it('[DEVICES-12] "Sign out" on another device revokes it and reloads the list', async () => {
    let revoked = false;
    const api = mockApi({
      'GET /auth/sessions': () => jsonResponse(200, { sessions: revoked ? [LAPTOP] : [LAPTOP, PHONE] }),
      [`DELETE /auth/sessions/${PHONE._id}`]: () => {
        revoked = true;
        return jsonResponse(200, { ok: true, signedOut: false });
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.to(`/auth/sessions/${PHONE._id}`, 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('[DEVICES-13] "Sign out all other devices" asks first, then revokes the others', async () => {
    let revoked = false;
    const api = mockApi({
      'GET /auth/sessions': () =>
        jsonResponse(200, { sessions: revoked ? [LAPTOP] : [LAPTOP, PHONE, TABLET] }),
      'POST /auth/sessions/revoke-others': () => {
        revoked = true;
        return jsonResponse(200, { ok: true, revoked: 2 });
      },
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other devices?' });
    expect(dialog.textContent).toContain('The 2 other devices will have to sign in again');
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('/auth/sessions/revoke-others', 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.to('/auth/sessions/revoke-others', 'POST')).toHaveLength(1);
  });

  it('[DEVICES-14] signing out this device ends the session here, like logout', async () => {
    const onSessionReset = vi.fn();
    configureApiClient({ onSessionReset });
    mockApi({
      'GET /auth/sessions': jsonResponse(200, { sessions: [LAPTOP, PHONE] }),
      [`DELETE /auth/sessions/${LAPTOP._id}`]: jsonResponse(200, { ok: true, signedOut: true }),
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out this device' }));
    await waitFor(() => expect(onSessionReset).toHaveBeenCalledTimes(1));
  });

  it('[DEVICES-15] a failed load offers a retry; a failed sign-out is announced', async () => {
    let fail = true;
    mockApi({
      'GET /auth/sessions': () =>
        fail
          ? jsonResponse(500, errorBody(500, 'INTERNAL', 'boom'))
          : jsonResponse(200, { sessions: [LAPTOP, PHONE] }),
      [`DELETE /auth/sessions/${PHONE._id}`]: jsonResponse(
        404,
        errorBody(
          404,
          'NOT_FOUND',
          'There is no signed-in device with this id. It may have been signed out already.',
        ),
      ),
    });
    renderList();
    expect(await screen.findByText('We could not load your devices.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    expect((await screen.findByRole('alert')).textContent).toContain('It may have been signed out already.');
  });
});
