import { describe, expect, it } from 'vitest';
import {
  checklistSlice,
  clearChecklist,
  clearTripChecklist,
  initialChecklistState,
  removeChecklistEntry,
  selectTripChecklist,
  setChecklistUser,
  setTripChecklist,
  toggleChecklistEntry,
  updateChecklist,
} from './checklist-slice.ts';

const reducer = checklistSlice.reducer;

describe('checklist slice', () => {
  it('update appends entries per trip', () => {
    let state = reducer(undefined, updateChecklist({ tripId: 't1', entry: 'Passport' }));
    state = reducer(state, updateChecklist({ tripId: 't1', entry: 'Tickets' }));
    state = reducer(state, updateChecklist({ tripId: 't2', entry: 'Sunscreen' }));
    expect(state.trips).toEqual({ t1: ['Passport', 'Tickets'], t2: ['Sunscreen'] });
  });

  it('update removes an equal existing entry, then appends it: no duplicates, latest last', () => {
    let state = reducer(undefined, updateChecklist({ tripId: 't1', entry: 'Passport' }));
    state = reducer(state, updateChecklist({ tripId: 't1', entry: 'Tickets' }));
    state = reducer(state, updateChecklist({ tripId: 't1', entry: 'Charger' }));
    state = reducer(state, updateChecklist({ tripId: 't1', entry: 'Passport' }));
    expect(state.trips.t1).toEqual(['Tickets', 'Charger', 'Passport']);
  });

  it('removes and toggles entries, and clears one trip or everything', () => {
    let state = reducer(undefined, toggleChecklistEntry({ tripId: 't1', entry: 'A' }));
    state = reducer(state, toggleChecklistEntry({ tripId: 't1', entry: 'B' }));
    state = reducer(state, toggleChecklistEntry({ tripId: 't1', entry: 'A' }));
    expect(selectTripChecklist({ checklist: state }, 't1')).toEqual(['B']);
    state = reducer(state, removeChecklistEntry({ tripId: 't1', entry: 'B' }));
    expect(state.trips).toEqual({});
    state = reducer(state, updateChecklist({ tripId: 't3', entry: 'C' }));
    expect(reducer(state, clearTripChecklist('t3')).trips).toEqual({});
    expect(reducer(state, clearChecklist())).toEqual(initialChecklistState);
    expect(selectTripChecklist({ checklist: initialChecklistState }, 'nope')).toEqual([]);
  });

  it('a different user starts from an empty checklist; the same user keeps theirs', () => {
    let state = reducer(undefined, setChecklistUser('u1'));
    state = reducer(state, updateChecklist({ tripId: 't1', entry: 'A' }));
    expect(reducer(state, setChecklistUser('u1')).trips).toEqual({ t1: ['A'] });
    expect(reducer(state, setChecklistUser('u2'))).toEqual({ trips: {}, userId: 'u2' });
  });

  it("[CHECKLIST-04] setTripChecklist takes the server's list (duplicates keep their last place); empty drops the trip", () => {
    let state = reducer(undefined, updateChecklist({ tripId: 't1', entry: 'A' }));
    state = reducer(state, setTripChecklist({ tripId: 't1', entries: ['B', 'C', 'B'] }));
    expect(state.trips.t1).toEqual(['C', 'B']);
    expect(reducer(state, setTripChecklist({ tripId: 't1', entries: [] })).trips).toEqual({});
  });
});
