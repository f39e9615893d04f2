import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { acceptCookies, declineCookies, type CookieState } from '../state/cookie-slice.ts';
import { isApiError } from '../../lib/api-client.ts';
import { clearStorage } from '../../lib/storage.ts';
import { postLogout } from '../../modules/auth/api/logout.ts';
import { clearAuth, type AuthState } from '../../modules/auth/state/auth-slice.ts';
import { clearRecentLocations } from '../../modules/places/state/locations-slice.ts';
import { CURRENT_USER_KEY, currentUserQueryOptions } from '../../modules/users/api/get-current-user.ts';
import { clearUser, type UserState } from '../../modules/users/state/user-slice.ts';
import { clearWishlist } from '../../modules/wishlist/state/wishlist-slice.ts';

/** The part of the root state the session thunks read. */
export interface SessionState {
  cookie: CookieState;
  auth: AuthState;
  user: UserState;
}
type SessionThunk<R> = ThunkAction<R, SessionState, unknown, UnknownAction>;

/**
 * Full session reset (SPEC §4, STATE-10/11), also used by logout and a failed token refresh:
 * clears wishlist, user, auth and recent locations, restores the cookie-consent choice,
 * then clears sessionStorage. The in-memory query cache is cleared by the app (connectApiClient's
 * onSessionReset, logout) and its saved IndexedDB copy by app/layout/offline-cache.tsx; the
 * wishlist and user slices are projections of queries that clearing removes, so they are reset
 * here (lib/query-projection.ts).
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
 * Whether a failed session fetch ends the session: the server answered and refused it — a 401
 * (or 403) still there after the API client's single-flight refresh, or a 404 (the account is
 * gone). A network failure (offline), a 5xx, a 429 or an unreadable answer never does.
 */
export function endsSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404);
}

/**
 * Loads the current user with the session query (GET /users/users/me); the user slice follows the
 * query (users/state/user-projection.ts). Only a refused session ends it (SPEC §7's reset,
 * `endsSession`): the query is removed and the session reset. A network failure (offline), a 5xx
 * or any other failure keeps the stored session and the persisted user, so a reload without
 * network stays signed in and reads what this device saved. Resolves to whether a user is signed
 * in afterwards.
 */
export const loadSession =
  (queryClient: QueryClient): SessionThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    try {
      await queryClient.fetchQuery(currentUserQueryOptions());
      return true;
    } catch (error) {
      if (endsSession(error)) {
        queryClient.removeQueries({ queryKey: CURRENT_USER_KEY, exact: true });
        dispatch(resetSession());
        return false;
      }
      console.warn('The session could not be checked; it is kept', error);
      return getState().user.isAuthenticated;
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
