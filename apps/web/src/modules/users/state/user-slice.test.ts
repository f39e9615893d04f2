import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { getCurrentUser } from '../api/get-current-user.ts';
import {
  clearUser,
  login,
  sessionErrorPayload,
  signedOutUser,
  UNKNOWN_ERROR,
  userSlice,
  type UserProfile,
  type UserState,
} from './user-slice.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

const reducer = userSlice.reducer;
const profile: UserProfile = {
  name: 'Ada',
  lastName: 'Lovelace',
  image: { original: 'https://img/o.jpg', thumbnail: 'https://img/t.jpg' },
  email: 'ada@example.com',
  _id: 'u1',
};
const signedIn: UserState = { ...profile, isAuthenticated: true };
const makeStore = (user: UserState = signedOutUser) =>
  configureStore({ reducer: { user: reducer }, preloadedState: { user } });

/** The session fetch as the app runs it (app/store/session.ts): login on success, clearUser on failure. */
async function fetchSession(
  store: ReturnType<typeof makeStore>,
): Promise<{ ok: boolean; payload?: unknown }> {
  try {
    store.dispatch(login(await getCurrentUser()));
    return { ok: true };
  } catch (error) {
    store.dispatch(clearUser());
    return { ok: false, payload: sessionErrorPayload(error) };
  }
}

beforeEach(() => resetApiClient());
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('user slice', () => {
  it('[STATE-04] signed out: isAuthenticated false and every field null', () => {
    const state = reducer(undefined, { type: '@@init' });
    expect(Object.keys(state).sort()).toEqual([
      '_id',
      'email',
      'image',
      'isAuthenticated',
      'lastName',
      'name',
    ]);
    expect(Object.entries(state).filter(([, value]) => value !== null)).toEqual([['isAuthenticated', false]]);
  });

  it('[STATE-05] login sets name, lastName, image, email, _id and isAuthenticated', () => {
    expect(reducer(undefined, login(profile))).toEqual(signedIn);
  });

  it('[STATE-05] login keeps only the profile fields of a richer server user', () => {
    const serverUser = { ...profile, createdAt: '2024-01-01', isYourFriend: false } as UserProfile;
    expect(reducer(undefined, login(serverUser))).toEqual(signedIn);
  });

  it('[PERF-07] the same profile again keeps the very same state (nothing renders again); a change replaces it', () => {
    const before = reducer(undefined, login(profile));
    expect(reducer(before, login({ ...profile, image: profile.image ? { ...profile.image } : null }))).toBe(
      before,
    );
    const renamed = reducer(before, login({ ...profile, name: 'Someone else' }));
    expect(renamed).not.toBe(before);
    expect(renamed.name).toBe('Someone else');
    const newPicture = reducer(before, login({ ...profile, image: { original: 'o2', thumbnail: 't2' } }));
    expect(newPicture.image).toEqual({ original: 'o2', thumbnail: 't2' });
  });

  it('[STATE-06] clearing the user sets every field to null and isAuthenticated false', () => {
    expect(reducer(signedIn, clearUser())).toEqual(signedOutUser);
  });

  it('[STATE-06] a fulfilled session fetch fills the profile and sets isAuthenticated', async () => {
    const mock = mockFetch(() => jsonResponse(200, { ...profile, createdAt: '2024-01-01' }));
    const store = makeStore();
    const result = await fetchSession(store);
    expect(result.ok).toBe(true);
    expect(store.getState().user).toEqual(signedIn);
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /users/users/me']);
  });

  it('[STATE-06] a rejected session fetch signs the user out, rejecting with the response data', async () => {
    const body = errorBody(500, 'INTERNAL', 'Something broke');
    mockFetch(() => jsonResponse(500, body));
    const store = makeStore(signedIn);
    const result = await fetchSession(store);
    expect(result.ok).toBe(false);
    expect(result.payload).toEqual(body);
    expect(store.getState().user).toEqual(signedOutUser);
  });

  it("[STATE-06] rejects with 'Unknown error' when there is no response data or no HTTP error", async () => {
    const store = makeStore(signedIn);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const network = await fetchSession(store);
    expect(network.payload).toBe(i18n._(UNKNOWN_ERROR));

    mockFetch(() => new Response('', { status: 502 }));
    const empty = await fetchSession(store);
    expect(empty.payload).toBe(i18n._(UNKNOWN_ERROR));

    mockFetch(() => new Response('', { status: 200 })); // 'No data returned' is not an HTTP error body
    const noData = await fetchSession(store);
    expect(noData.payload).toBe(i18n._(UNKNOWN_ERROR));
    expect(store.getState().user).toEqual(signedOutUser);
  });
});
