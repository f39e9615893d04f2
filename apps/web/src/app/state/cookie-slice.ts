import { createSlice } from '@reduxjs/toolkit';

export interface CookieState {
  isCookieAccepted: boolean;
}
const initialState: CookieState = { isCookieAccepted: false };

export const cookieSlice = createSlice({
  name: 'cookie',
  initialState,
  reducers: {
    acceptCookies: (state) => {
      state.isCookieAccepted = true;
    },
    declineCookies: (state) => {
      state.isCookieAccepted = false;
    },
  },
});
export const { acceptCookies, declineCookies } = cookieSlice.actions;
