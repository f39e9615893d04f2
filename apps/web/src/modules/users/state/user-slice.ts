import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

export const userSlice = createSlice({
  name: 'user',
  initialState: signedOutUser,
  reducers: {
    login: (_state, action: PayloadAction<UserProfile>) => ({ ...action.payload, isAuthenticated: true }),
    clearUser: () => signedOutUser,
  },
});
export const { login, clearUser } = userSlice.actions;
