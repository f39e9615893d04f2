import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockApi } from '../testing/mock-api.ts';
import { passkeyErrorMessage } from './passkey-errors.ts';
import { PasskeySettings } from './passkey-settings.tsx';

resetMocksAfterEach();

const PHONE = {
  id: 'pk-1',
  name: 'Passkey on iPhone',
  createdAt: '2026-03-05T10:00:00.000Z',
  lastUsedAt: null,
};

const renderSection = () => renderRoutes([{ path: '/', element: <PasskeySettings /> }]);

describe('PasskeySettings', () => {
  it('[PASSKEY-20] lists the passkeys with when they were added and last used, or says there are none', async () => {
    mockApi({
      'GET /auth/passkeys': jsonResponse(200, [
        PHONE,
        { ...PHONE, id: 'pk-2', name: 'Laptop', lastUsedAt: '2026-04-01T08:00:00.000Z' },
      ]),
    });
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Passkey on iPhone');
    expect(items[0]?.textContent).toContain('Added 5 Mar 2026 · Last used never');
    expect(items[1]?.textContent).toContain('Last used 1 Apr 2026');
  });

  it('[PASSKEY-21] without WebAuthn in the browser, says so instead of offering to add one', async () => {
    mockApi({ 'GET /auth/passkeys': jsonResponse(200, []) });
    renderSection();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    expect(screen.getByText(/This browser cannot create passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add a passkey/ })).toBeNull();
  });

  it('[PASSKEY-22] renames inline and removes after a confirmation dialog', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /auth/passkeys': jsonResponse(200, [PHONE]),
      'PATCH /auth/passkeys/pk-1': jsonResponse(200, { ...PHONE, name: 'My phone' }),
      'DELETE /auth/passkeys/pk-1': jsonResponse(200, { ok: true }),
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Rename Passkey on iPhone' }));
    const field = screen.getByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, 'My phone{Enter}');
    await waitFor(() => expect(api.to('/auth/passkeys/pk-1', 'PATCH').length > 0).toBe(true));
    const patch = api.to('/auth/passkeys/pk-1', 'PATCH')[0];
    expect(patch?.body).toEqual({ name: 'My phone' });

    await user.click(await screen.findByRole('button', { name: 'Remove Passkey on iPhone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(api.to('/auth/passkeys/pk-1', 'DELETE').length > 0).toBe(true));
    expect(await screen.findByText(/Passkey “Passkey on iPhone” removed/)).toBeTruthy();
  });

  it('[PASSKEY-23] a failed list load is an alert with a retry', async () => {
    mockApi({ 'GET /auth/passkeys': jsonResponse(500, errorBody(500, 'INTERNAL', 'Server trouble.')) });
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('Server trouble.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('passkeyErrorMessage', () => {
  it('[PASSKEY-24] says clearly when the browser refused or the user cancelled', () => {
    const cancelled = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    expect(passkeyErrorMessage(cancelled, 'add')).toMatch(/cancelled or timed out/);
    const wrapped = Object.assign(new Error('wrapped', { cause: cancelled }), {
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    });
    expect(passkeyErrorMessage(wrapped, 'sign-in')).toMatch(/No passkey was used/);
    expect(
      passkeyErrorMessage(
        Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }),
        'add',
      ),
    ).toMatch(/already holds a passkey/);
    const api = new ApiError({
      status: 401,
      code: 'PASSKEY_SIGN_IN_FAILED',
      message: 'This passkey could not sign you in.',
    });
    expect(passkeyErrorMessage(api, 'sign-in')).toBe('This passkey could not sign you in.');
  });
});
