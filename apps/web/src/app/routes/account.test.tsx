import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { AccountPage } from './account.tsx';

resetMocksAfterEach();

describe('AccountPage', () => {
  it('[ACCOUNT-01] names the page and links to the password change', async () => {
    mockApi({
      'GET /auth/passkeys': jsonResponse(200, []),
      'GET /auth/two-factor': jsonResponse(200, { enabled: false, recoveryCodesLeft: 0 }),
      'GET /auth/sessions': jsonResponse(200, { sessions: [] }),
      'GET /users/users/me/privacy': jsonResponse(200, { findableByEmail: false }),
    });
    renderAt(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Account and security' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Change password/ }).getAttribute('href')).toBe(
      '/change-password',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your devices' })).toBeTruthy();
  });

  it('[CREW-09] the privacy setting: off by default, switched on for a search by the whole email address', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /auth/passkeys': jsonResponse(200, []),
      'GET /auth/two-factor': jsonResponse(200, { enabled: false, recoveryCodesLeft: 0 }),
      'GET /auth/sessions': jsonResponse(200, { sessions: [] }),
      'GET /users/users/me/privacy': jsonResponse(200, { findableByEmail: false }),
      'PUT /users/users/me/privacy': async (request) => {
        sent.push(request.body);
        return jsonResponse(200, { findableByEmail: true });
      },
    });
    renderAt(<AccountPage />, { path: '/account' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Privacy' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /Let people who know my email address find me/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(sent).toEqual([{ findableByEmail: true }]);
  });
});
