import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { AccountPage } from './account.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('AccountPage', () => {
  it('[ACCOUNT-01] names the page and links to the password change', () => {
    mockApi({ 'GET /auth/two-factor': jsonResponse(200, { enabled: false, recoveryCodesLeft: 0 }) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AccountPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account and security' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Change password/ }).getAttribute('href')).toBe(
      '/change-password',
    );
  });
});
