import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The trip being planned (SPEC §3), persisted under "next-trip" and mirrored in the URL query. */
export type TransportMode = 'public' | 'private';

export interface TripDraft {
  placeId: string | undefined;
  /** yyyy-mm-dd, '' when not chosen. */
  start: string;
  end: string;
  /** User ids, no duplicates. */
  crew: string[];
  transportMode: TransportMode;
  /** Category titles, no duplicates. */
  categories: string[];
}

/** What fillFromQuery applies: each field only when present. */
export interface TripDraftQuery {
  placeId?: string;
  start?: string;
  end?: string;
  crew?: string[];
  categories?: string[];
  transportMode?: TransportMode;
}

export const initialTripDraft: TripDraft = {
  placeId: undefined,
  start: '',
  end: '',
  crew: [],
  transportMode: 'private',
  categories: [],
};

/** Appends the items not already present, keeping the existing order. */
export function mergeUnique(current: readonly string[], added: readonly string[]): string[] {
  const result = [...current];
  for (const item of added) if (!result.includes(item)) result.push(item);
  return result;
}

export const tripDraftSlice = createSlice({
  name: 'nextTrip',
  initialState: initialTripDraft,
  reducers: {
    setLocation: (state, action: PayloadAction<string | undefined>) => {
      state.placeId = action.payload;
    },
    setDates: (state, action: PayloadAction<{ start: string; end: string }>) => {
      state.start = action.payload.start;
      state.end = action.payload.end;
    },
    addCrew: (state, action: PayloadAction<string | readonly string[]>) => {
      const added = typeof action.payload === 'string' ? [action.payload] : action.payload;
      state.crew = mergeUnique(state.crew, added);
    },
    removeCrew: (state, action: PayloadAction<string>) => {
      state.crew = state.crew.filter((id) => id !== action.payload);
    },
    /** Applies placeId, start, end, crew, categories (and transportMode) only when present. */
    fillFromQuery: (state, action: PayloadAction<TripDraftQuery>) => {
      const query = action.payload;
      if (query.placeId !== undefined) state.placeId = query.placeId;
      if (query.start !== undefined) state.start = query.start;
      if (query.end !== undefined) state.end = query.end;
      if (query.crew !== undefined) state.crew = mergeUnique(state.crew, query.crew);
      if (query.categories !== undefined) state.categories = mergeUnique(state.categories, query.categories);
      if (query.transportMode !== undefined) state.transportMode = query.transportMode;
    },
    setTransportMode: (state, action: PayloadAction<TransportMode>) => {
      state.transportMode = action.payload;
    },
    toggleTransportMode: (state) => {
      state.transportMode = state.transportMode === 'private' ? 'public' : 'private';
    },
    addCategories: (state, action: PayloadAction<string | readonly string[]>) => {
      const added = typeof action.payload === 'string' ? [action.payload] : action.payload;
      state.categories = mergeUnique(state.categories, added);
    },
    removeCategory: (state, action: PayloadAction<string>) => {
      state.categories = state.categories.filter((title) => title !== action.payload);
    },
    reset: () => initialTripDraft,
  },
});
export const {
  setLocation,
  setDates,
  addCrew,
  removeCrew,
  fillFromQuery,
  setTransportMode,
  toggleTransportMode,
  addCategories,
  removeCategory,
  reset,
} = tripDraftSlice.actions;
/** Alias of `reset` with a self-explaining name for imports outside the module. */
export const resetTripDraft = reset;

export const selectTripDraft = (state: { nextTrip: TripDraft }): TripDraft => state.nextTrip;
