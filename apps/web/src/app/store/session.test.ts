import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, cookieSlice } from '../state/cookie-slice.ts';
import { setThema, themeSlice } from '../state/theme-slice.ts';
import { configureApiClient, resetApiClient } from '../../lib/api-client.ts';
import { deleteCookie, errorBody, jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import { authenticate, authSlice } from '../../modules/auth/state/auth-slice.ts';
import { addRecentLocation, locationsSlice } from '../../modules/places/state/locations-slice.ts';
import { addCrew, tripDraftSlice } from '../../modules/trips/state/trip-draft-slice.ts';
import { CURRENT_USER_KEY, setCurrentUser } from '../../modules/users/api/get-current-user.ts';
import { projectUser, seedCurrentUser } from '../../modules/users/state/user-projection.ts';
import { login, signedOutUser, userSlice } from '../../modules/users/state/user-slice.ts';
import {
  wishlistProjected,
  initialWishlistState,
  wishlistSlice,
} from '../../modules/wishlist/state/wishlist-slice.ts';
import { loadSession, logout, resetSession } from './session.ts';

function makeStore() {
  const actions: string[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action !== null && 'type' in action) actions.push(String(action.type));
    return next(action);
  };
  const store = configureStore({
    reducer: {
      theme: themeSlice.reducer,
      cookie: cookieSlice.reducer,
      user: userSlice.reducer,
      auth: authSlice.reducer,
      locations: locationsSlice.reducer,
      wishlist: wishlistSlice.reducer,
      nextTrip: tripDraftSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(recorder),
  });
  store.dispatch(login({ name: 'Ada', lastName: 'L', image: null, email: 'a@b.c', _id: 'u1' }));
  store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
  store.dispatch(wishlistProjected({ lists: { default: ['f1'] }, loading: false, expireAt: 1 }));
  store.dispatch(addRecentLocation({ _id: 'p1', title: 'Rome' }));
  store.dispatch(setThema('dark'));
  store.dispatch(addCrew('u2'));
  actions.length = 0;
  return { store, actions };
}

beforeEach(() => resetApiClient());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  deleteCookie('csrf-token');
  resetApiClient();
});

describe('resetSession', () => {
  it('[STATE-10] clears wishlist, user, auth and recent locations', () => {
    const { store } = makeStore();
    store.dispatch(resetSession());
    const state = store.getState();
    expect(state.user).toEqual(signedOutUser);
    expect(state.auth).toEqual({ accessToken: null, refreshToken: null });
    expect(state.wishlist).toEqual(initialWishlistState);
    expect(state.locations).toEqual({ items: [] });
  });

  it('[STATE-10] leaves the theme and the trip draft alone', () => {
    const { store } = makeStore();
    store.dispatch(resetSession());
    expect(store.getState().theme.thema).toBe('dark');
    expect(store.getState().nextTrip.crew).toEqual(['u2']);
  });

  it('[STATE-11] restores the cookie-consent choice afterwards', () => {
    const accepted = makeStore();
    accepted.store.dispatch(acceptCookies());
    accepted.actions.length = 0;
    accepted.store.dispatch(resetSession());
    expect(accepted.store.getState().cookie.isCookieAccepted).toBe(true);
    expect(accepted.actions).toEqual([
      'wishlist/clearWishlist',
      'user/clearUser',
      'auth/clearAuth',
      'locations/clearRecentLocations',
      'cookie/acceptCookies',
    ]);

    const declined = makeStore();
    declined.store.dispatch(resetSession());
    expect(declined.store.getState().cookie.isCookieAccepted).toBe(false);
    expect(declined.actions.at(-1)).toBe('cookie/declineCookies');
  });

  it('[STATE-11] clears sessionStorage and leaves localStorage to the persisted slices', () => {
    sessionStorage.setItem('api-cache:/core/suggestions', '{"expireAt":1,"data":[]}');
    sessionStorage.setItem('something-else', 'x');
    localStorage.setItem('unrelated', 'kept');
    const { store } = makeStore();
    store.dispatch(resetSession());
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('loadSession', () => {
  it('[STATE-06] fills the profile when GET /users/users/me succeeds', async () => {
    mockFetch(() =>
      jsonResponse(200, { name: 'Bo', lastName: 'B', image: null, email: 'bo@b.c', _id: 'u9' }),
    );
    const { store } = makeStore();
    const queryClient = new QueryClient();
    projectUser(queryClient, store.dispatch);
    await expect(store.dispatch(loadSession(queryClient))).resolves.toBe(true);
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u9' });
    expect(store.getState().auth.accessToken).toBe('a1');
  });

  it('[STATE-10] resets the whole session when the user fetch is refused after a failed refresh', async () => {
    setCookie('csrf-token', 'c1');
    const mock = mockFetch((request) =>
      request.path === '/auth/refresh'
        ? jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'Refresh token expired'))
        : jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'Token expired')),
    );
    sessionStorage.setItem('k', 'v');
    const { store } = makeStore();
    // The app's wiring (store.ts connectApiClient): the client refreshes with the store's tokens.
    configureApiClient({
      getTokens: () => store.getState().auth,
      setTokens: (tokens) => store.dispatch(authenticate(tokens)),
      onSessionReset: () => store.dispatch(resetSession()),
    });
    store.dispatch(acceptCookies());
    const queryClient = new QueryClient();
    seedCurrentUser(queryClient, store.getState().user);
    projectUser(queryClient, store.dispatch);
    await expect(store.dispatch(loadSession(queryClient))).resolves.toBe(false);
    expect(mock.to('/auth/refresh')).toHaveLength(1);
    expect(store.getState().user).toEqual(signedOutUser);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeUndefined();
    expect(store.getState().auth.accessToken).toBeNull();
    expect(store.getState().wishlist).toEqual(initialWishlistState);
    expect(store.getState().cookie.isCookieAccepted).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });

  it('a network failure keeps the session and the persisted user (a reload offline stays signed in)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const mock = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    sessionStorage.setItem('k', 'v');
    const { store } = makeStore();
    await expect(store.dispatch(loadSession(new QueryClient()))).resolves.toBe(true);
    expect(mock.to('/auth/refresh')).toHaveLength(0);
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u1', name: 'Ada' });
    expect(store.getState().auth).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(store.getState().wishlist).not.toEqual(initialWishlistState);
    expect(sessionStorage.getItem('k')).toBe('v');
  });

  it('a 5xx keeps the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(503, errorBody(503, 'UNAVAILABLE', 'Database unavailable')));
    const { store } = makeStore();
    await expect(store.dispatch(loadSession(new QueryClient()))).resolves.toBe(true);
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u1' });
    expect(store.getState().auth).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });
});

describe('logout', () => {
  it('[STATE-10] posts /auth/logout, then runs the full session reset', async () => {
    setCookie('csrf-token', 'c1');
    const mock = mockFetch(() => jsonResponse(200, { ok: true }));
    const { store } = makeStore();
    store.dispatch(acceptCookies());
    sessionStorage.setItem('k', 'v');
    await store.dispatch(logout());
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/logout']);
    expect(mock.requests[0]?.body).toEqual({ refreshToken: 'r1' });
    expect(store.getState().user).toEqual(signedOutUser);
    expect(store.getState().auth.refreshToken).toBeNull();
    expect(store.getState().locations.items).toEqual([]);
    expect(store.getState().cookie.isCookieAccepted).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });

  it('[STATE-10] the user a sign-in wrote into the query is cleared by logout and stays cleared', async () => {
    setCookie('csrf-token', 'c1');
    mockFetch(() => jsonResponse(200, { ok: true }));
    const { store } = makeStore();
    const queryClient = new QueryClient();
    projectUser(queryClient, store.dispatch);
    setCurrentUser(queryClient, { _id: 'u5', name: 'Cy', lastName: 'C', email: 'c@c.c', image: null });
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u5', name: 'Cy' });
    await store.dispatch(logout());
    queryClient.clear();
    expect(store.getState().user).toEqual(signedOutUser);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeUndefined();
  });

  it('[STATE-10] without a refresh token the logout call has no body', async () => {
    setCookie('csrf-token', 'c1');
    const mock = mockFetch(() => jsonResponse(200, { message: 'Signed out' }));
    const { store } = makeStore();
    store.dispatch(resetSession());
    await store.dispatch(logout());
    expect(mock.requests[0]?.body).toBeUndefined();
  });

  it('[STATE-10] resets the session even when the logout call fails', async () => {
    setCookie('csrf-token', 'c1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    const { store } = makeStore();
    await store.dispatch(logout());
    expect(store.getState().user).toEqual(signedOutUser);
    expect(store.getState().wishlist).toEqual(initialWishlistState);
    expect(warn.mock.calls.map((call) => call[0])).toContain('Logout request failed');
  });
});
