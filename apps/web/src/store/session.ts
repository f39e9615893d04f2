import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { acceptCookies, declineCookies, type CookieState } from '../app/state/cookie-slice.ts';
import { api, clearCached } from '../lib/api-client.ts';
import { clearStorage } from '../lib/storage.ts';
import { clearAuth, type AuthState } from '../modules/auth/state/auth-slice.ts';
import { clearRecentLocations } from '../modules/places/state/locations-slice.ts';
import { clearUser, fetchCurrentUser } from '../modules/users/state/user-slice.ts';
import { clearWishlist } from '../modules/wishlist/state/wishlist-slice.ts';

/** The part of the root state the session thunks read. */
export interface SessionState {
  cookie: CookieState;
  auth: AuthState;
}
type SessionThunk<R> = ThunkAction<R, SessionState, unknown, UnknownAction>;

/**
 * Full session reset (SPEC §4, STATE-10/11), also used by logout and a failed token refresh:
 * clears wishlist, user, auth and recent locations, restores the cookie-consent choice,
 * then clears sessionStorage (which holds the cachedGet entries).
 */
export const resetSession = (): SessionThunk<void> => (dispatch, getState) => {
  const { isCookieAccepted } = getState().cookie;
  dispatch(clearWishlist());
  dispatch(clearUser());
  dispatch(clearAuth());
  dispatch(clearRecentLocations());
  dispatch(isCookieAccepted ? acceptCookies() : declineCookies());
  clearCached();
  clearStorage('session');
};

/**
 * Loads the current user (GET /users/users/me); on failure the session is reset (SPEC §7).
 * Resolves to whether a user is signed in afterwards.
 */
export const loadSession = (): SessionThunk<Promise<boolean>> => async (dispatch) => {
  const result = await dispatch(fetchCurrentUser());
  if (fetchCurrentUser.fulfilled.match(result)) return true;
  dispatch(resetSession());
  return false;
};

/**
 * Logout: POST /auth/logout with {refreshToken} (ends that session server-side; no body when there
 * is none), then the full session reset whatever the outcome. A failed call is logged only.
 */
export const logout = (): SessionThunk<Promise<void>> => async (dispatch, getState) => {
  const { refreshToken } = getState().auth;
  try {
    await api.post('/auth/logout', refreshToken ? { refreshToken } : undefined);
  } catch (error) {
    console.warn('Logout request failed', error);
  } finally {
    dispatch(resetSession());
  }
};
