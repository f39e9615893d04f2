import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, Providers } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { login } from '../../modules/users/state/user-slice.ts';
import { connectApiClient } from '../store/store.ts';
import { SessionBootstrap } from './session-bootstrap.tsx';
import { settle } from '../../../test/settle.ts';

const ME = {
  _id: 'u-1',
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  image: { original: '/api/assets/files/a.webp', thumbnail: '/api/assets/files/a-thumb.webp' },
  createdAt: '2024-03-05T10:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

function boot(store: ReturnType<typeof makeStore>['store']) {
  connectApiClient(store);
  return render(
    <StrictMode>
      <Providers store={store}>
        <SessionBootstrap />
      </Providers>
    </StrictMode>,
  );
}

describe('SessionBootstrap', () => {
  it('[AUTH-34] on load with stored tokens calls GET /users/users/me once and fills the user', async () => {
    const api = mockApi({ 'GET /users/users/me': jsonResponse(200, ME) });
    const { store } = makeStore();
    store.dispatch(authenticate({ accessToken: 'a-1', refreshToken: 'r-1' }));
    boot(store);
    await waitFor(() => expect(store.getState().user.isAuthenticated).toBe(true));
    expect(store.getState().user).toMatchObject({ _id: 'u-1', name: 'Ada', image: ME.image });
    expect(api.to('/users/users/me')).toHaveLength(1);
    expect(api.to('/users/users/me')[0]?.headers.get('Authorization')).toBe('Bearer a-1');
  });

  it('[AUTH-34] a failure resets the session', async () => {
    const api = mockApi({
      'GET /users/users/me': jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Your account no longer exists.')),
    });
    const { store } = makeStore();
    store.dispatch(login(ME));
    store.dispatch(authenticate({ accessToken: 'a-1', refreshToken: 'r-1' }));
    boot(store);
    await waitFor(() => expect(store.getState().auth.accessToken).toBeNull());
    expect(store.getState().auth.refreshToken).toBeNull();
    expect(store.getState().user.isAuthenticated).toBe(false);
    expect(store.getState().user.name).toBeNull();
    expect(api.to('/users/users/me')).toHaveLength(1);
  });

  it('[AUTH-34] an expired access token is refreshed once, then the user is loaded', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /users/users/me': (request) => {
        calls += 1;
        return request.headers.get('Authorization') === 'Bearer a-2'
          ? jsonResponse(200, ME)
          : jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'Expired', 'token-expired'));
      },
      'POST /auth/refresh': jsonResponse(200, { accessToken: 'a-2', refreshToken: 'r-2' }),
    });
    const { store } = makeStore();
    store.dispatch(authenticate({ accessToken: 'a-1', refreshToken: 'r-1' }));
    boot(store);
    await waitFor(() => expect(store.getState().user.isAuthenticated).toBe(true));
    expect(calls).toBe(2);
    expect(api.to('/auth/refresh', 'POST')[0]?.body).toEqual({ refreshToken: 'r-1' });
    expect(store.getState().auth).toMatchObject({ accessToken: 'a-2', refreshToken: 'r-2' });
  });

  it('[AUTH-34] without stored tokens nothing is called', async () => {
    const api = mockApi({ 'GET /users/users/me': jsonResponse(200, ME) });
    const { store } = makeStore();
    boot(store);
    await settle();
    expect(api.requests).toHaveLength(0);
    expect(store.getState().user.isAuthenticated).toBe(false);
  });
});
