import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockApi, SESSION } from '../../modules/auth/testing/mock-api.ts';
import { AuthNetworkPage } from './auth-network.tsx';
import { LoginPage } from './login.tsx';

const PROVIDERS = { google: true, github: true, facebook: false, apple: false };
const CHALLENGE = { twoFactorRequired: true, challenge: 'challenge-1', expiresInSeconds: 300 };

resetMocksAfterEach();

function renderLogin() {
  return renderRoutes(
    [
      { path: '/auth', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { path: '/auth', ...makeStore() },
  );
}

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

/** Sends the code 123456 from the step and checks it went with the challenge and signed in. */
async function expectSignInWithCode(
  user: ReturnType<typeof userEvent.setup>,
  step: HTMLElement,
  {
    api,
    store,
    router,
  }: Pick<ReturnType<typeof renderLogin>, 'store' | 'router'> & {
    api: ReturnType<typeof mockApi>;
  },
) {
  await user.type(within(step).getByLabelText('6-digit code'), '123456');
  await user.click(within(step).getByRole('button', { name: 'Verify and sign in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(api.to('/auth/login/two-factor', 'POST')[0]?.body).toEqual({
    challenge: 'challenge-1',
    code: '123456',
  });
  expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u-1' });
}

describe('LoginPage with two-factor sign-in', () => {
  it('[TOTP-12] a two-factor answer asks for the 6-digit code, then signs in exactly like a password login', async () => {
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, CHALLENGE),
      'POST /auth/login/two-factor': jsonResponse(200, SESSION),
    });
    const { store, router } = renderLogin();
    const user = await signInWithPassword();

    const step = await screen.findByRole('form', { name: 'Two-factor code' });
    expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull();
    const input = within(step).getByLabelText('6-digit code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(store.getState().user.isAuthenticated).toBe(false);

    await expectSignInWithCode(user, step, { api, store, router });
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('[TOTP-13] a wrong code shows why and keeps the step; a recovery code can be used instead', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, CHALLENGE),
      'POST /auth/login/two-factor': () =>
        (calls += 1) === 1
          ? jsonResponse(401, errorBody(401, 'TWO_FACTOR_CODE_WRONG', 'This code is wrong.'))
          : jsonResponse(200, SESSION),
    });
    const { router } = renderLogin();
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This code is wrong.');
    expect(screen.getByRole('form', { name: 'Two-factor code' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('/auth/login/two-factor', 'POST')[1]?.body).toEqual({
      challenge: 'challenge-1',
      code: 'abcde-fghjk',
    });
  });

  it('[TOTP-14] an ended or expired step goes back to the password form and says why; an empty code sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, CHALLENGE),
      'POST /auth/login/two-factor': jsonResponse(
        401,
        errorBody(401, 'TWO_FACTOR_CHALLENGE_INVALID', 'This sign-in step has expired or ended.'),
      ),
    });
    renderLogin();
    const user = await signInWithPassword();
    await screen.findByRole('form', { name: 'Two-factor code' });
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('Enter the code from your authenticator app.')).toBeTruthy();
    expect(api.to('/auth/login/two-factor')).toHaveLength(0);

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This sign-in step has expired or ended.');
  });

  it('[TOTP-17] a Google or GitHub sign-in that needs the code lands on the code step, then signs in', async () => {
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/networks/activate-user': jsonResponse(200, CHALLENGE),
      'POST /auth/login/two-factor': jsonResponse(200, SESSION),
    });
    const { store, router } = renderRoutes(
      [
        { path: '/auth/network', element: <AuthNetworkPage /> },
        { path: '/auth/login', element: <LoginPage /> },
        { path: '/', element: <p>home page</p> },
      ],
      { path: '/auth/network?token=one-time', ...makeStore() },
    );
    const step = await screen.findByRole('form', { name: 'Two-factor code' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(store.getState().user.isAuthenticated).toBe(false);
    await expectSignInWithCode(userEvent.setup(), step, { api, store, router });
  });
});
