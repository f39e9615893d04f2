import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Recent autocomplete picks (SPEC §3): newest first, capped at 10, unique by _id. */
export const RECENT_LOCATIONS_LIMIT = 10;

export type PlaceType = 'Country' | 'Region' | 'City';

export interface RecentLocation {
  _id: string;
  title: string;
  type?: PlaceType;
  country?: string;
  region?: string;
  short?: string;
  image?: { original?: string; photographer?: string; id?: string } | null;
}

export interface LocationsState {
  items: RecentLocation[];
}
const initialState: LocationsState = { items: [] };

export const locationsSlice = createSlice({
  name: 'locations',
  initialState,
  reducers: {
    addRecentLocation: (state, action: PayloadAction<RecentLocation>) => {
      const item = action.payload;
      state.items = [item, ...state.items.filter((entry) => entry._id !== item._id)].slice(
        0,
        RECENT_LOCATIONS_LIMIT,
      );
    },
    removeRecentLocation: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((entry) => entry._id !== action.payload);
    },
    clearRecentLocations: () => initialState,
  },
});
export const { addRecentLocation, removeRecentLocation, clearRecentLocations } = locationsSlice.actions;

export const selectRecentLocations = (state: { locations: LocationsState }): RecentLocation[] =>
  state.locations.items;
