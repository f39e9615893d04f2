import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountPage } from './account.tsx';

describe('AccountPage', () => {
  it('[ACCOUNT-01] names the page and links to the password change', () => {
    render(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account and security' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Change password/ }).getAttribute('href')).toBe(
      '/change-password',
    );
  });
});
