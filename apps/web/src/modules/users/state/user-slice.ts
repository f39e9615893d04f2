import { msg } from '@lingui/core/macro';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export interface UserImage {
  original: string | null;
  thumbnail: string | null;
}
export interface UserState {
  isAuthenticated: boolean;
  name: string | null;
  lastName: string | null;
  image: UserImage | null;
  email: string | null;
  _id: string | null;
}
export interface UserProfile {
  name: string;
  lastName: string;
  image: UserImage | null;
  email: string;
  _id: string;
}

export const signedOutUser: UserState = {
  isAuthenticated: false,
  name: null,
  lastName: null,
  image: null,
  email: null,
  _id: null,
};

export const UNKNOWN_ERROR = msg`Unknown error`;

/**
 * What a rejected session fetch reports: the response data, or 'Unknown error' (SPEC §8). The user
 * slice is a projection of the current user's query (users/api/get-current-user.ts): `login` is
 * written by state/user-projection.ts from each answer, `clearUser` by the session reset.
 */
export function sessionErrorPayload(error: unknown): unknown {
  if (
    isApiError(error) &&
    error.status > 0 &&
    error.data !== undefined &&
    error.data !== null &&
    error.data !== ''
  ) {
    return error.data;
  }
  return i18n._(UNKNOWN_ERROR);
}

function toProfile(data: UserProfile): UserProfile {
  return {
    name: data.name,
    lastName: data.lastName,
    image: data.image
      ? { original: data.image.original ?? null, thumbnail: data.image.thumbnail ?? null }
      : null,
    email: data.email,
    _id: data._id,
  };
}

function sameUser(a: UserState, b: UserState): boolean {
  return (
    a.isAuthenticated === b.isAuthenticated &&
    a.name === b.name &&
    a.lastName === b.lastName &&
    a.email === b.email &&
    a._id === b._id &&
    (a.image === b.image ||
      (a.image !== null &&
        b.image !== null &&
        a.image.original === b.image.original &&
        a.image.thumbnail === b.image.thumbnail))
  );
}

export const userSlice = createSlice({
  name: 'user',
  initialState: signedOutUser,
  reducers: {
    // Written from the current user's query only (state/user-projection.ts). The same profile
    // again (the session check of every start-up) keeps the state as it is, so nothing that shows
    // the user renders again for it.
    login: (state, action: PayloadAction<UserProfile>) => {
      const next: UserState = { ...toProfile(action.payload), isAuthenticated: true };
      return sameUser(state, next) ? state : next;
    },
    clearUser: () => signedOutUser,
  },
});
export const { login, clearUser } = userSlice.actions;

export const selectUser = (state: { user: UserState }): UserState => state.user;
export const selectIsAuthenticated = (state: { user: UserState }): boolean => state.user.isAuthenticated;
