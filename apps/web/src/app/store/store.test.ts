import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Persistor } from 'redux-persist';
import { acceptCookies } from '../state/cookie-slice.ts';
import { setThema } from '../state/theme-slice.ts';
import { api, resetApiClient } from '../../lib/api-client.ts';
import { deleteCookie, errorBody, jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { addRecentLocation } from '../../modules/places/state/locations-slice.ts';
import { updateChecklist } from '../../modules/trips/state/checklist-slice.ts';
import { addCrew } from '../../modules/trips/state/trip-draft-slice.ts';
import { login, signedOutUser } from '../../modules/users/state/user-slice.ts';
import { wishlistProjected } from '../../modules/wishlist/state/wishlist-slice.ts';
import {
  connectApiClient,
  createStore,
  PERSIST_TIMEOUT_MS,
  PERSIST_VERSION,
  persistConfig,
  readPersistedAuth,
  STORAGE_KEYS,
} from './store.ts';

const EXPECTED_KEYS = [
  'auth',
  'category',
  'checklist',
  'cookie-accept',
  'locations',
  'next-trip',
  'thema',
  'user',
  'wishlist',
];

function bootstrapped(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** What redux-persist stored under a key, one level decoded. */
function stored(key: string): Record<string, unknown> {
  const raw = localStorage.getItem(key);
  if (raw === null) throw new Error(`nothing stored under ${key}`);
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(outer).map(([field, value]) => [field, JSON.parse(value) as unknown]),
  );
}

async function readyStore() {
  const { store, persistor } = createStore();
  await bootstrapped(persistor);
  return { store, persistor };
}

const profile = { name: 'Ada', lastName: 'L', image: null, email: 'a@b.c', _id: 'u1' };

beforeEach(() => resetApiClient());
afterEach(() => {
  vi.unstubAllGlobals();
  deleteCookie('csrf-token');
  resetApiClient();
});

describe('persistence', () => {
  it('[STATE-01] the persisted slices live in localStorage under their exact storage keys', async () => {
    const { store, persistor } = await readyStore();
    store.dispatch(setThema('dark'));
    store.dispatch(acceptCookies());
    store.dispatch(login(profile));
    store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    store.dispatch(addRecentLocation({ _id: 'p1', title: 'Rome' }));
    store.dispatch(wishlistProjected({ lists: { default: ['f1'] }, loading: false, expireAt: 1 }));
    store.dispatch(updateChecklist({ tripId: 't1', entry: 'Passport' }));
    store.dispatch(addCrew('u2'));
    await persistor.flush();

    expect(Object.keys(localStorage).sort()).toEqual(EXPECTED_KEYS);
    expect(Object.keys(localStorage).some((key) => key.startsWith('persist:'))).toBe(false);
    expect(stored('thema').thema).toBe('dark');
    expect(stored('cookie-accept').isCookieAccepted).toBe(true);
    expect(stored('user')).toMatchObject({ isAuthenticated: true, _id: 'u1' });
    expect(stored('auth')).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    expect(stored('locations').items).toEqual([{ _id: 'p1', title: 'Rome' }]);
    expect(stored('wishlist').lists).toEqual({ default: ['f1'] });
    expect(stored('checklist').trips).toEqual({ t1: ['Passport'] });
    expect(stored('next-trip').crew).toEqual(['u2']);
    expect(stored('category')).toHaveProperty('categories', []);
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(EXPECTED_KEYS);
  });

  it('[STATE-01] a new store rehydrates from those keys', async () => {
    const first = await readyStore();
    first.store.dispatch(setThema('light'));
    first.store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    first.store.dispatch(addCrew(['u7']));
    await first.persistor.flush();
    first.persistor.pause();

    const second = await readyStore();
    expect(second.store.getState().theme.thema).toBe('light');
    expect(second.store.getState().auth).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    expect(second.store.getState().nextTrip.crew).toEqual(['u7']);
  });

  it('[STATE-02] every persisted slice has version 1, a 5000 ms timeout and no debug logging', async () => {
    expect(persistConfig('x')).toMatchObject({
      key: 'x',
      keyPrefix: '',
      version: 1,
      timeout: 5000,
      debug: false,
    });
    expect([PERSIST_VERSION, PERSIST_TIMEOUT_MS]).toEqual([1, 5000]);

    const { store, persistor } = await readyStore();
    store.dispatch(setThema('dark'));
    await persistor.flush();
    for (const key of EXPECTED_KEYS) expect(stored(key)._persist).toEqual({ version: 1, rehydrated: true });
    const state = store.getState();
    for (const slice of Object.keys(STORAGE_KEYS) as (keyof typeof STORAGE_KEYS)[]) {
      expect(state[slice]._persist.version).toBe(1);
    }
  });

  it('[STATE-02] a load in progress is not persisted, so a reload never sticks on loading', async () => {
    const { store, persistor } = await readyStore();
    // the wishlist ids query is loading
    store.dispatch(wishlistProjected({ lists: { default: [] }, loading: true, expireAt: 0 }));
    expect(store.getState().wishlist.loading).toBe(true);
    await persistor.flush();
    expect(stored('wishlist')).not.toHaveProperty('loading');
  });
});

describe('connectApiClient', () => {
  it('[CLIENT-02] requests carry the access token held by the store', async () => {
    const { store } = await readyStore();
    const disconnect = connectApiClient(store);
    const mock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/a');
    store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    await api.get('/b');
    disconnect();
    await api.get('/c');
    expect(mock.requests.map((r) => r.headers.get('Authorization'))).toEqual([null, 'Bearer a1', null]);
  });

  it('[CLIENT-07] refreshed tokens are stored in the auth slice', async () => {
    const { store } = await readyStore();
    connectApiClient(store);
    setCookie('csrf-token', 'c1');
    store.dispatch(authenticate({ accessToken: 'old', refreshToken: 'r1' }));
    mockFetch((request) => {
      if (request.path === '/auth/refresh')
        return jsonResponse(200, { accessToken: 'new', refreshToken: 'r2' });
      return request.headers.get('Authorization') === 'Bearer new'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'expired'));
    });
    await expect(api.get('/core/trips')).resolves.toEqual({ ok: true });
    expect(store.getState().auth).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('[CLIENT-10] a failed refresh runs the full session reset on the store', async () => {
    const { store } = await readyStore();
    const afterReset = vi.fn();
    connectApiClient(store, { onSessionReset: afterReset });
    setCookie('csrf-token', 'c1');
    store.dispatch(acceptCookies());
    store.dispatch(login(profile));
    store.dispatch(authenticate({ accessToken: 'old', refreshToken: 'r1' }));
    store.dispatch(wishlistProjected({ lists: { default: ['f1'] }, loading: false, expireAt: 1 }));
    store.dispatch(addRecentLocation({ _id: 'p1', title: 'Rome' }));
    sessionStorage.setItem('api-cache:/core/suggestions', '{}');
    mockFetch(() => jsonResponse(401, errorBody(401, 'UNAUTHORIZED', 'expired')));

    await expect(api.get('/core/trips')).rejects.toMatchObject({ status: 401 });
    const state = store.getState();
    expect(state.user).toMatchObject(signedOutUser);
    expect(state.auth).toMatchObject({ accessToken: null, refreshToken: null });
    expect(state.wishlist.lists).toEqual({ default: [] });
    expect(state.locations.items).toEqual([]);
    expect(state.cookie.isCookieAccepted).toBe(true);
    expect(sessionStorage.length).toBe(0);
    expect(afterReset).toHaveBeenCalledTimes(1);
  });

  it('[CLIENT-11] an injected navigate is used for 429', async () => {
    const { store } = await readyStore();
    const navigate = vi.fn();
    connectApiClient(store, { navigate });
    mockFetch(() => jsonResponse(429, errorBody(429, 'RATE_LIMITED', 'slow down')));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 429 });
    expect(navigate).toHaveBeenCalledWith('/wow-relax');
  });
});

describe('tokens across tabs', () => {
  const persistedAuth = (accessToken: string | null, refreshToken: string | null) =>
    JSON.stringify({
      accessToken: JSON.stringify(accessToken),
      refreshToken: JSON.stringify(refreshToken),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
  const otherTabWrites = (newValue: string | null, key = 'auth') =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

  it('reads the redux-persist format of the auth key', () => {
    expect(readPersistedAuth(persistedAuth('a', 'r'))).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(readPersistedAuth(persistedAuth(null, null))).toEqual({ accessToken: null, refreshToken: null });
    expect(readPersistedAuth(null)).toEqual({ accessToken: null, refreshToken: null });
    expect(readPersistedAuth('{broken')).toBeUndefined();
  });

  it('[CLIENT-07] tokens rotated by another tab are adopted, so this tab never refreshes with a used token', async () => {
    const { store } = await readyStore();
    const disconnect = connectApiClient(store);
    store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    otherTabWrites(persistedAuth('a2', 'r2'));
    expect(store.getState().auth).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
    const mock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/x');
    expect(mock.requests[0]?.headers.get('Authorization')).toBe('Bearer a2');

    otherTabWrites(persistedAuth('a3', 'r3'), 'thema'); // other keys are ignored
    otherTabWrites('{broken'); // unreadable values are ignored
    expect(store.getState().auth).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });

    disconnect();
    otherTabWrites(persistedAuth('a4', 'r4'));
    expect(store.getState().auth).toMatchObject({ accessToken: 'a2' });
  });

  it("[STATE-10] a sign-out in another tab resets this tab's session", async () => {
    const { store } = await readyStore();
    connectApiClient(store);
    store.dispatch(acceptCookies());
    store.dispatch(login(profile));
    store.dispatch(authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    sessionStorage.setItem('api-cache:/x', '{}');
    otherTabWrites(persistedAuth(null, null));
    expect(store.getState().user).toMatchObject(signedOutUser);
    expect(store.getState().auth).toMatchObject({ accessToken: null, refreshToken: null });
    expect(store.getState().cookie.isCookieAccepted).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });
});
