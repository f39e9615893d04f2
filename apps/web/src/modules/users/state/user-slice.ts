import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, isApiError } from '../../../lib/api-client.ts';

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

export const UNKNOWN_ERROR = 'Unknown error';

/** What a rejected session fetch carries: the response data, or 'Unknown error' (SPEC §8). */
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
  return UNKNOWN_ERROR;
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

/** GET /users/users/me: fills the profile; rejected with the response data or 'Unknown error'. */
export const fetchCurrentUser = createAsyncThunk<UserProfile, void, { rejectValue: unknown }>(
  'user/fetchCurrentUser',
  async (_arg, { rejectWithValue }) => {
    try {
      return toProfile(await api.get<UserProfile>('/users/users/me'));
    } catch (error) {
      return rejectWithValue(sessionErrorPayload(error));
    }
  },
);

export const userSlice = createSlice({
  name: 'user',
  initialState: signedOutUser,
  reducers: {
    login: (_state, action: PayloadAction<UserProfile>) => ({
      ...toProfile(action.payload),
      isAuthenticated: true,
    }),
    clearUser: () => signedOutUser,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrentUser.fulfilled, (_state, action) => ({ ...action.payload, isAuthenticated: true }))
      .addCase(fetchCurrentUser.rejected, () => signedOutUser);
  },
});
export const { login, clearUser } = userSlice.actions;

export const selectUser = (state: { user: UserState }): UserState => state.user;
export const selectIsAuthenticated = (state: { user: UserState }): boolean => state.user.isAuthenticated;
