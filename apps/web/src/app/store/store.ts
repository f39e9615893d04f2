import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
} from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { cookieSlice } from '../state/cookie-slice.ts';
import { themeSlice } from '../state/theme-slice.ts';
import { configureApiClient } from '../../lib/api-client.ts';
import { authenticate, authSlice, type AuthState } from '../../modules/auth/state/auth-slice.ts';
import { AUTH_STORAGE_KEY } from '../../modules/auth/state/auth-storage.ts';
import { CATEGORIES_STORAGE_KEY } from '../../modules/categories/api/category-keys.ts';
import { categoriesSlice } from '../../modules/categories/state/categories-slice.ts';
import { locationsSlice } from '../../modules/places/state/locations-slice.ts';
import { checklistSlice } from '../../modules/trips/state/checklist-slice.ts';
import { tripDraftSlice } from '../../modules/trips/state/trip-draft-slice.ts';
import { userSlice } from '../../modules/users/state/user-slice.ts';
import { WISHLIST_STORAGE_KEY } from '../../modules/wishlist/api/wishlist-keys.ts';
import { wishlistSlice } from '../../modules/wishlist/state/wishlist-slice.ts';
import { resetSession } from './session.ts';

/** localStorage keys of the persisted slices (SPEC §3, STATE-01). */
export const STORAGE_KEYS = {
  theme: 'thema',
  user: 'user',
  auth: AUTH_STORAGE_KEY,
  cookie: 'cookie-accept',
  categories: CATEGORIES_STORAGE_KEY,
  locations: 'locations',
  wishlist: WISHLIST_STORAGE_KEY,
  checklist: 'checklist',
  nextTrip: 'next-trip',
} as const;

/** STATE-02: storage version 1, 5000 ms rehydration timeout, log level error (no debug logs). */
export const PERSIST_VERSION = 1;
export const PERSIST_TIMEOUT_MS = 5000;

export function persistConfig<S>(key: string, blacklist?: (keyof S & string)[]): PersistConfig<S> {
  return {
    key,
    keyPrefix: '', // the localStorage key is literally `key`, not `persist:key`
    storage,
    version: PERSIST_VERSION,
    timeout: PERSIST_TIMEOUT_MS,
    debug: false,
    ...(blacklist ? { blacklist } : {}),
  };
}

const persisted = <S>(key: string, reducer: Reducer<S, UnknownAction>, blacklist?: (keyof S & string)[]) =>
  persistReducer(persistConfig<S>(key, blacklist), reducer);

export const rootReducer = combineReducers({
  theme: persisted(STORAGE_KEYS.theme, themeSlice.reducer),
  cookie: persisted(STORAGE_KEYS.cookie, cookieSlice.reducer),
  user: persisted(STORAGE_KEYS.user, userSlice.reducer),
  auth: persisted(STORAGE_KEYS.auth, authSlice.reducer),
  // A load cut short by a reload must not leave `loading` stuck on.
  categories: persisted(STORAGE_KEYS.categories, categoriesSlice.reducer, ['loading']),
  locations: persisted(STORAGE_KEYS.locations, locationsSlice.reducer),
  wishlist: persisted(STORAGE_KEYS.wishlist, wishlistSlice.reducer, ['loading']),
  checklist: persisted(STORAGE_KEYS.checklist, checklistSlice.reducer),
  nextTrip: persisted(STORAGE_KEYS.nextTrip, tripDraftSlice.reducer),
});

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export interface ConnectApiClientOptions {
  /** Client-side navigation for 429 → /wow-relax; defaults to window.location.assign. */
  navigate?: (path: string) => void;
  /** Extra work after the store's session reset on a failed refresh (e.g. queryClient.clear()). */
  onSessionReset?: () => void;
}

/**
 * The tokens another tab persisted under the "auth" key (redux-persist format: an object whose
 * fields are JSON strings). Signed out when the key was removed; undefined when unreadable.
 */
export function readPersistedAuth(raw: string | null): AuthState | undefined {
  if (raw === null) return { accessToken: null, refreshToken: null };
  try {
    const outer: unknown = JSON.parse(raw);
    if (typeof outer !== 'object' || outer === null) return undefined;
    const field = (name: string): string | null => {
      const value: unknown = (outer as Record<string, unknown>)[name];
      if (typeof value !== 'string') return null;
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'string' && parsed !== '' ? parsed : null;
    };
    return { accessToken: field('accessToken'), refreshToken: field('refreshToken') };
  } catch {
    return undefined;
  }
}

/**
 * Keeps the tokens of several open tabs in step (refresh tokens are single use: a tab refreshing
 * with a token another tab already rotated would end the whole sign-in). New tokens written by
 * another tab are adopted; a sign-out in another tab resets this tab's session (and calls
 * `onReset`, which drops the signed-out user's cached server data). Returns the unsubscribe.
 */
export function syncAuthAcrossTabs(store: AppStore, onReset?: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.auth || event.storageArea !== window.localStorage) return;
    const incoming = readPersistedAuth(event.newValue);
    if (!incoming) return;
    const current = store.getState().auth;
    if (incoming.accessToken && incoming.refreshToken) {
      if (incoming.accessToken !== current.accessToken || incoming.refreshToken !== current.refreshToken) {
        store.dispatch(
          authenticate({ accessToken: incoming.accessToken, refreshToken: incoming.refreshToken }),
        );
      }
    } else if (current.accessToken || current.refreshToken) {
      store.dispatch(resetSession());
      onReset?.();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Plugs the store into the API client: bearer tokens from the auth slice, refreshed tokens stored
 * with authenticate, the full session reset when a refresh fails, tokens synced across tabs.
 * Returns the disconnect function (usable as an effect cleanup).
 */
export function connectApiClient(store: AppStore, options: ConnectApiClientOptions = {}): () => void {
  const stopSync = syncAuthAcrossTabs(store, options.onSessionReset);
  const restore = configureApiClient({
    getTokens: () => {
      const { accessToken, refreshToken } = store.getState().auth;
      return { accessToken, refreshToken };
    },
    setTokens: (tokens) => {
      store.dispatch(authenticate(tokens));
    },
    onSessionReset: () => {
      store.dispatch(resetSession());
      options.onSessionReset?.();
    },
    ...(options.navigate ? { navigate: options.navigate } : {}),
  });
  return () => {
    stopSync();
    restore();
  };
}
