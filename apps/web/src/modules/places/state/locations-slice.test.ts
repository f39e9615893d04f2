import { describe, expect, it } from 'vitest';
import {
  addRecentLocation,
  clearRecentLocations,
  locationsSlice,
  type LocationsState,
  removeRecentLocation,
  RECENT_LOCATIONS_LIMIT,
} from './locations-slice.ts';

const reducer = locationsSlice.reducer;
const place = (id: string, title = `Place ${id}`) => ({ _id: id, title, type: 'City' as const });
const ids = (state: LocationsState) => state.items.map((item) => item._id);

describe('recent locations slice', () => {
  it('[STATE-09] keeps items newest first', () => {
    let state = reducer(undefined, addRecentLocation(place('a')));
    state = reducer(state, addRecentLocation(place('b')));
    state = reducer(state, addRecentLocation(place('c')));
    expect(ids(state)).toEqual(['c', 'b', 'a']);
  });

  it('[STATE-09] is capped at 10: an 11th item drops the oldest', () => {
    let state = reducer(undefined, { type: '@@init' });
    for (let n = 1; n <= 11; n += 1) state = reducer(state, addRecentLocation(place(String(n))));
    expect(RECENT_LOCATIONS_LIMIT).toBe(10);
    expect(ids(state)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']);
  });

  it('[STATE-09] a new item removes any older entry with the same _id', () => {
    let state = reducer(undefined, addRecentLocation(place('a', 'Rome')));
    state = reducer(state, addRecentLocation(place('b')));
    state = reducer(state, addRecentLocation(place('a', 'Roma')));
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.items[0]?.title).toBe('Roma');
  });

  it('[STATE-09] re-adding an existing item at a full list keeps the other nine', () => {
    let state = reducer(undefined, { type: '@@init' });
    for (let n = 1; n <= 10; n += 1) state = reducer(state, addRecentLocation(place(String(n))));
    state = reducer(state, addRecentLocation(place('1')));
    expect(ids(state)).toEqual(['1', '10', '9', '8', '7', '6', '5', '4', '3', '2']);
  });

  it('removes one entry or clears all', () => {
    let state = reducer(undefined, addRecentLocation(place('a')));
    state = reducer(state, addRecentLocation(place('b')));
    expect(ids(reducer(state, removeRecentLocation('a')))).toEqual(['b']);
    expect(reducer(state, clearRecentLocations())).toEqual({ items: [] });
  });
});
