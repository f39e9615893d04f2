import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  makeStore,
  renderAt,
  resetMocksAfterEach,
  waitForRehydration,
} from '../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockApi, SESSION } from '../../modules/auth/testing/mock-api.ts';
import { hardNavigation } from '../layout/hard-navigation.ts';
import { ConfirmEmailPage } from './confirm-email.tsx';

resetMocksAfterEach();

describe('ConfirmEmailPage', () => {
  it('[AUTH-30] has the fields email (prefilled from ?email=) and code', () => {
    mockApi({});
    renderAt(<ConfirmEmailPage />, { path: '/auth/confirm?email=ada%40example.com' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.getAttribute('autocomplete')).toBe('email');
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    expect(code.value).toBe('');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it.each([
    ['the code', '/auth/confirm?email=ada%40example.com', ''],
    ['the email', '/auth/confirm', '12345678'],
  ])(
    "[AUTH-30] with %s empty shows the alert 'Please fill in all fields.' and sends nothing",
    async (_what, path, code) => {
      const api = mockApi({ 'POST /auth/confirm': jsonResponse(200, SESSION) });
      renderAt(<ConfirmEmailPage />, { path });
      if (code) await userEvent.type(screen.getByLabelText('Code'), code);
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
      expect(api.to('/auth/confirm')).toHaveLength(0);
    },
  );

  it('[AUTH-30] success stores the session and does a full reload to /', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    const api = mockApi({ 'POST /auth/confirm': jsonResponse(200, SESSION) });
    const made = makeStore();
    await waitForRehydration(made.persistor);
    const { store } = renderAt(<ConfirmEmailPage />, {
      path: '/auth/confirm?email=ada%40example.com',
      ...made,
    });

    await userEvent.type(screen.getByLabelText('Code'), '1234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.to('/auth/confirm', 'POST')[0]?.body).toEqual({ email: 'ada@example.com', code: '1234-5678' });
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u-1', name: 'Ada' });
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    // Written to storage before the reload, so the reloaded app is signed in.
    const persisted = JSON.parse(localStorage.getItem('auth') ?? '{}') as Record<string, string>;
    expect(JSON.parse(persisted.accessToken ?? 'null')).toBe('access-1');
  });

  it('a wrong code shows the reason and keeps the page', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    mockApi({
      'POST /auth/confirm': jsonResponse(
        400,
        errorBody(400, 'CODE_INVALID', 'This code is not right. 4 attempts left.'),
      ),
    });
    renderAt(<ConfirmEmailPage />, { path: '/auth/confirm?email=ada%40example.com' });
    await userEvent.type(screen.getByLabelText('Code'), '00000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not right. 4 attempts left.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('ConfirmEmailPage after a sign-in from elsewhere', () => {
  it('the code placeholder has the format of the mailed code (8 digits, no dash)', () => {
    mockApi({});
    renderAt(<ConfirmEmailPage />, { path: '/auth/confirm' });
    expect(screen.getByLabelText('Code').getAttribute('placeholder')).toBe('12345678');
  });

  it('reloads where the sign-in started (?returnTo=) instead of /', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    mockApi({ 'POST /auth/confirm': jsonResponse(200, SESSION) });
    const back = '/place/portugal/city/lisbon?place=p-1';
    renderAt(<ConfirmEmailPage />, {
      path: `/auth/confirm?email=ada%40example.com&returnTo=${encodeURIComponent(back)}`,
    });
    await userEvent.type(screen.getByLabelText('Code'), '12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
  });
});
