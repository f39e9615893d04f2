import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Thema = 'dark' | 'light' | 'system';
export interface ThemeState {
  thema: Thema;
}
const initialState: ThemeState = { thema: 'system' };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    setThema: (state, action: PayloadAction<Thema>) => {
      state.thema = action.payload;
    },
  },
});
export const { setThema } = themeSlice.actions;

/** The footer toggle cycles system → light → dark → system (SPEC §4). */
export const nextThema = (thema: Thema): Thema =>
  thema === 'system' ? 'light' : thema === 'light' ? 'dark' : 'system';
