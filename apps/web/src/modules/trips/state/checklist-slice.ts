import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Per-trip ticked checklist items, kept client-side (SPEC §3, §4), persisted under "checklist".
 * An entry is the name of a ticked item from the travel_checklist vocabulary.
 */
export interface ChecklistState {
  trips: Record<string, string[]>;
  /** The user the ticks belong to; a different user starts from an empty checklist. */
  userId: string | null;
}

export const initialChecklistState: ChecklistState = { trips: {}, userId: null };

interface EntryPayload {
  tripId: string;
  entry: string;
}

export const checklistSlice = createSlice({
  name: 'checklist',
  initialState: initialChecklistState,
  reducers: {
    /** Removes any equal existing entry, then appends it: no duplicates, the latest entry is last. */
    updateChecklist: (state, action: PayloadAction<EntryPayload>) => {
      const { tripId, entry } = action.payload;
      state.trips[tripId] = [...(state.trips[tripId] ?? []).filter((item) => item !== entry), entry];
    },
    removeChecklistEntry: (state, action: PayloadAction<EntryPayload>) => {
      const { tripId, entry } = action.payload;
      const remaining = (state.trips[tripId] ?? []).filter((item) => item !== entry);
      if (remaining.length === 0) delete state.trips[tripId];
      else state.trips[tripId] = remaining;
    },
    /** Ticks the entry when it is not ticked, unticks it otherwise. */
    toggleChecklistEntry: (state, action: PayloadAction<EntryPayload>) => {
      const { tripId, entry } = action.payload;
      const list = state.trips[tripId] ?? [];
      state.trips[tripId] = list.includes(entry) ? list.filter((item) => item !== entry) : [...list, entry];
    },
    /** Binds the checklist to a user; switching to another user drops the previous user's ticks. */
    setChecklistUser: (state, action: PayloadAction<string | null>) => {
      if (state.userId !== null && state.userId !== action.payload) state.trips = {};
      state.userId = action.payload;
    },
    /** Replaces a trip's entries (the server's list wins when it has entries). */
    setTripChecklist: (state, action: PayloadAction<{ tripId: string; entries: string[] }>) => {
      const { tripId, entries } = action.payload;
      const unique = entries.filter((entry, index) => entries.lastIndexOf(entry) === index);
      if (unique.length === 0) delete state.trips[tripId];
      else state.trips[tripId] = unique;
    },
    clearTripChecklist: (state, action: PayloadAction<string>) => {
      delete state.trips[action.payload];
    },
    clearChecklist: () => initialChecklistState,
  },
});
export const {
  updateChecklist,
  removeChecklistEntry,
  toggleChecklistEntry,
  setChecklistUser,
  setTripChecklist,
  clearTripChecklist,
  clearChecklist,
} = checklistSlice.actions;

const NO_ENTRIES: string[] = [];
export const selectTripChecklist = (state: { checklist: ChecklistState }, tripId: string): string[] =>
  state.checklist.trips[tripId] ?? NO_ENTRIES;
