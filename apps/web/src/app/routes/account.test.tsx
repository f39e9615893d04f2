import { screen } from '@testing-library/react';
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
    });
    renderAt(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Account and security' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Change password/ }).getAttribute('href')).toBe(
      '/change-password',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your devices' })).toBeTruthy();
  });
});
