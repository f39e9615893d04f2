import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { acceptCookies, declineCookies, type CookieState } from '../state/cookie-slice.ts';
import { clearStorage } from '../../lib/storage.ts';
import { postLogout } from '../../modules/auth/api/logout.ts';
import { clearAuth, type AuthState } from '../../modules/auth/state/auth-slice.ts';
import { clearRecentLocations } from '../../modules/places/state/locations-slice.ts';
import { currentUserQueryOptions } from '../../modules/users/api/get-current-user.ts';
import { clearUser, login } from '../../modules/users/state/user-slice.ts';
import { clearWishlist } from '../../modules/wishlist/state/wishlist-slice.ts';

/** The part of the root state the session thunks read. */
export interface SessionState {
  cookie: CookieState;
  auth: AuthState;
}
type SessionThunk<R> = ThunkAction<R, SessionState, unknown, UnknownAction>;

/**
 * Full session reset (SPEC §4, STATE-10/11), also used by logout and a failed token refresh:
 * clears wishlist, user, auth and recent locations, restores the cookie-consent choice,
 * then clears sessionStorage (which holds the session-cached query answers, lib/query-persister.ts).
 * The in-memory query cache is cleared by the app (connectApiClient's onSessionReset, logout).
 */
export const resetSession = (): SessionThunk<void> => (dispatch, getState) => {
  const { isCookieAccepted } = getState().cookie;
  dispatch(clearWishlist());
  dispatch(clearUser());
  dispatch(clearAuth());
  dispatch(clearRecentLocations());
  dispatch(isCookieAccepted ? acceptCookies() : declineCookies());
  clearStorage('session');
};

/**
 * Loads the current user with the session query (GET /users/users/me) and fills the user slice
 * from its result; on failure the session is reset (SPEC §7). Resolves to whether a user is
 * signed in afterwards.
 */
export const loadSession =
  (queryClient: QueryClient): SessionThunk<Promise<boolean>> =>
  async (dispatch) => {
    try {
      dispatch(login(await queryClient.fetchQuery(currentUserQueryOptions())));
      return true;
    } catch {
      dispatch(resetSession());
      return false;
    }
  };

/**
 * Logout: POST /auth/logout with {refreshToken} (ends that session server-side; no body when there
 * is none), then the full session reset whatever the outcome. A failed call is logged only.
 */
export const logout = (): SessionThunk<Promise<void>> => async (dispatch, getState) => {
  const { refreshToken } = getState().auth;
  try {
    await postLogout(refreshToken);
  } catch (error) {
    console.warn('Logout request failed', error);
  } finally {
    dispatch(resetSession());
  }
};
