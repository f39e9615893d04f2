import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, Providers, renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { connectApiClient } from '../store/store.ts';
import { ActivatePage } from './activate.tsx';
import { AuthNetworkPage, SOCIAL_FAILED_TITLE } from './auth-network.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

const ME = {
  _id: 'u-9',
  name: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  image: null,
  createdAt: '2024-01-02T00:00:00.000Z',
};

resetMocksAfterEach();

function renderAt(path: string) {
  const made = makeStore();
  connectApiClient(made.store);
  return renderRoutes(
    [
      { path: '/auth/activate', element: <ActivatePage /> },
      { path: '/auth/network', element: <AuthNetworkPage /> },
      { path: '/auth', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { path, ...made },
  );
}

describe.each([
  ['/auth/activate', 'Activating your account'],
  ['/auth/network', 'Signing you in…'],
])('%s', (page, heading) => {
  it('[AUTH-31] goes to /auth without a token', async () => {
    const api = mockApi({});
    const { router } = renderAt(page);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.requests).toHaveLength(0);
  });

  it('[AUTH-31] activates the token, stores the session tokens, loads the user and goes to /', async () => {
    const api = mockApi({
      'POST /auth/networks/activate-user': jsonResponse(200, { accessToken: 'a-9', refreshToken: 'r-9' }),
      'GET /users/users/me': jsonResponse(200, ME),
    });
    const { router, store } = renderAt(`${page}?token=one-time-token`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('/auth/networks/activate-user', 'POST')).toHaveLength(1);
    expect(api.to('/auth/networks/activate-user', 'POST')[0]?.body).toEqual({ token: 'one-time-token' });
    // The user is loaded with the new access token.
    expect(api.to('/users/users/me')[0]?.headers.get('Authorization')).toBe('Bearer a-9');
    expect(store.getState().auth).toMatchObject({ accessToken: 'a-9', refreshToken: 'r-9' });
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u-9', name: 'Grace' });
  });

  it('[AUTH-31] a failed activation is logged and goes to /auth', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'POST /auth/networks/activate-user': jsonResponse(
        400,
        errorBody(400, 'TOKEN_USED', 'This link was already used. Log in, or register again.'),
      ),
    });
    const { router, store } = renderAt(`${page}?token=used-token`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/failed$/),
      expect.objectContaining({ status: 400 }),
    );
    expect(store.getState().user.isAuthenticated).toBe(false);
    expect(store.getState().auth.accessToken).toBeNull();
  });

  it('[AUTH-31] when the user cannot be loaded the session is reset and the page goes to /auth', async () => {
    mockApi({
      'POST /auth/networks/activate-user': jsonResponse(200, { accessToken: 'a-9', refreshToken: 'r-9' }),
      'GET /users/users/me': jsonResponse(
        500,
        errorBody(500, 'INTERNAL', 'Something went wrong on our side.'),
      ),
    });
    const { router, store } = renderAt(`${page}?token=one-time-token`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(store.getState().auth.accessToken).toBeNull();
  });
});

describe('/auth/network with ?error=', () => {
  it('says clearly what went wrong and links back to /auth', async () => {
    const api = mockApi({});
    renderAt('/auth/network?error=access_denied');
    expect(screen.getByRole('heading', { level: 1, name: i18n._(SOCIAL_FAILED_TITLE) })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('cancelled at the provider');
    expect(screen.getByRole('link', { name: 'Back to the login page' }).getAttribute('href')).toBe('/auth');
    expect(api.requests).toHaveLength(0);
  });
});

describe('activation under StrictMode', () => {
  it('[AUTH-05][AUTH-31] spends the single-use token with one request even when effects run twice', async () => {
    const api = mockApi({
      'POST /auth/networks/activate-user': jsonResponse(200, { accessToken: 'a-9', refreshToken: 'r-9' }),
      'GET /users/users/me': jsonResponse(200, ME),
    });
    const made = makeStore();
    connectApiClient(made.store);
    const router = createMemoryRouter(
      [
        { path: '/auth/activate', element: <ActivatePage /> },
        { path: '/', element: <p>home page</p> },
        { path: '/auth', element: <p>login page</p> },
      ],
      { initialEntries: ['/auth/activate?token=once'] },
    );
    render(
      <StrictMode>
        <Providers store={made.store}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('/auth/networks/activate-user', 'POST')).toHaveLength(1);
    expect(made.store.getState().user.isAuthenticated).toBe(true);
  });
});
