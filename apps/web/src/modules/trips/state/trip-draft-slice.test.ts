import { describe, expect, it } from 'vitest';
import {
  addCategories,
  addCrew,
  fillFromQuery,
  initialTripDraft,
  mergeUnique,
  removeCategory,
  removeCrew,
  reset,
  setDates,
  setLocation,
  setTransportMode,
  toggleTransportMode,
  tripDraftSlice,
  type TripDraft,
} from './trip-draft-slice.ts';

const reducer = tripDraftSlice.reducer;
const filled: TripDraft = {
  placeId: 'p1',
  start: '2025-06-02',
  end: '2025-06-09',
  crew: ['u1', 'u2'],
  transportMode: 'public',
  categories: ['Food'],
};

describe('trip draft slice', () => {
  it('[STATE-15] defaults to placeId undefined, empty dates, no crew, private, no categories', () => {
    const state = reducer(undefined, { type: '@@init' });
    expect(state).toMatchObject({ start: '', end: '', crew: [], categories: [] });
    expect([state.placeId, state.transportMode]).toEqual([undefined, 'private']);
    expect(Object.keys(state).sort()).toEqual([
      'categories',
      'crew',
      'end',
      'placeId',
      'start',
      'transportMode',
    ]);
  });

  it('[STATE-15] reset restores exactly the defaults', () => {
    expect(reducer(filled, reset())).toEqual(initialTripDraft);
  });

  it('[STATE-16] set location, set dates and set transport mode change placeId, start/end, transportMode', () => {
    let state = reducer(undefined, setLocation('p9'));
    expect(state.placeId).toBe('p9');
    state = reducer(state, setDates({ start: '2025-07-07', end: '2025-07-14' }));
    expect([state.start, state.end]).toEqual(['2025-07-07', '2025-07-14']);
    state = reducer(state, setTransportMode('public'));
    expect(state.transportMode).toBe('public');
    state = reducer(state, toggleTransportMode());
    expect(state.transportMode).toBe('private');
    expect(reducer(state, setLocation(undefined)).placeId).toBeUndefined();
  });

  it('[STATE-16] adding crew members merges without duplicates', () => {
    let state = reducer(undefined, addCrew(['u1', 'u2']));
    state = reducer(state, addCrew(['u2', 'u3', 'u3']));
    state = reducer(state, addCrew('u1'));
    expect(state.crew).toEqual(['u1', 'u2', 'u3']);
    expect(reducer(state, removeCrew('u2')).crew).toEqual(['u1', 'u3']);
  });

  it('[STATE-16] adding categories merges without duplicates', () => {
    let state = reducer(undefined, addCategories(['Food', 'Nature']));
    state = reducer(state, addCategories(['Nature', 'Museums']));
    state = reducer(state, addCategories('Food'));
    expect(state.categories).toEqual(['Food', 'Nature', 'Museums']);
    expect(reducer(state, removeCategory('Nature')).categories).toEqual(['Food', 'Museums']);
  });

  it('[STATE-17] filling from the query applies only the fields present', () => {
    expect(reducer(filled, fillFromQuery({}))).toEqual(filled);
    expect(reducer(filled, fillFromQuery({ placeId: 'p2' }))).toEqual({ ...filled, placeId: 'p2' });
    expect(reducer(filled, fillFromQuery({ start: '2025-08-04', end: '2025-08-11' }))).toEqual({
      ...filled,
      start: '2025-08-04',
      end: '2025-08-11',
    });
    expect(reducer(filled, fillFromQuery({ transportMode: 'private' })).transportMode).toBe('private');
  });

  it('[STATE-17] filling from the query merges crew and categories without duplicates', () => {
    const state = reducer(filled, fillFromQuery({ crew: ['u2', 'u3', 'u3'], categories: ['Food', 'Bars'] }));
    expect(state.crew).toEqual(['u1', 'u2', 'u3']);
    expect(state.categories).toEqual(['Food', 'Bars']);
    expect(state.placeId).toBe('p1');
  });

  it('mergeUnique keeps order and drops repeats', () => {
    expect(mergeUnique(['a', 'b'], ['b', 'c', 'a', 'd', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });
});
