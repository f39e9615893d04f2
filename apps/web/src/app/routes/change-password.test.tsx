import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithToasts, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { dismissToasts, errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { ChangePasswordPage } from './change-password.tsx';

resetMocksAfterEach();
afterEach(dismissToasts);

function renderPage() {
  return renderWithToasts(<ChangePasswordPage />, { path: '/change-password' });
}

async function fill(current: string, next: string, repeat: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (repeat) await user.type(screen.getByLabelText('Repeat new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  it('[AUTH-15] calls POST /auth/change-password and confirms with a toast', async () => {
    const api = mockApi({
      'POST /auth/change-password': jsonResponse(200, {
        message: 'Your password has been changed. Your other sessions have been signed out.',
      }),
    });
    renderPage();
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    await fill('old-secret-1', 'new-secret-22', 'new-secret-22');
    expect(
      await screen.findByText('Your password has been changed. Your other sessions have been signed out.'),
    ).toBeTruthy();
    expect(api.to('/auth/change-password', 'POST')[0]?.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-22',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
  });

  it('[AUTH-15] a wrong current password is shown at that field', async () => {
    mockApi({
      'POST /auth/change-password': jsonResponse(400, {
        ...errorBody(400, 'WRONG_PASSWORD', 'Your current password is wrong.'),
        field: 'currentPassword',
      }),
    });
    renderPage();
    await fill('not-it', 'new-secret-22', 'new-secret-22');
    expect(await screen.findByText('Your current password is wrong.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it("refuses different new passwords with 'Passwords do not match.' and empty fields with 'Please fill in all fields.'", async () => {
    const api = mockApi({});
    renderPage();
    await fill('old-secret-1', 'new-secret-22', 'new-secret-23');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(api.to('/auth/change-password')).toHaveLength(0);
  });

  it('[TOTP-15] with two-factor sign-in on, the page asks for the code and sends it', async () => {
    const api = mockApi({
      'GET /auth/two-factor': jsonResponse(200, { enabled: true, recoveryCodesLeft: 10 }),
      'POST /auth/change-password': jsonResponse(200, { message: 'Your password has been changed.' }),
    });
    renderPage();
    const code = await screen.findByLabelText('6-digit code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(code, '123456');
    await fill('old-secret-1', 'new-secret-22', 'new-secret-22');
    await waitFor(() =>
      expect(api.to('/auth/change-password', 'POST')[0]?.body).toEqual({
        currentPassword: 'old-secret-1',
        newPassword: 'new-secret-22',
        code: '123456',
      }),
    );
  });
});
