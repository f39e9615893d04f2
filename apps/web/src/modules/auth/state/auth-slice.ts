import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Auth tokens (SPEC §3), persisted under the storage key "auth". */
export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
}
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export const signedOutAuth: AuthState = { accessToken: null, refreshToken: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState: signedOutAuth,
  reducers: {
    /** Stores both tokens (login, activation, refresh). */
    authenticate: (_state, action: PayloadAction<AuthTokens>) => ({
      accessToken: action.payload.accessToken,
      refreshToken: action.payload.refreshToken,
    }),
    clearAuth: () => signedOutAuth,
  },
});
export const { authenticate, clearAuth } = authSlice.actions;

export const selectAccessToken = (state: { auth: AuthState }): string | null => state.auth.accessToken;
export const selectHasSession = (state: { auth: AuthState }): boolean => Boolean(state.auth.accessToken);
