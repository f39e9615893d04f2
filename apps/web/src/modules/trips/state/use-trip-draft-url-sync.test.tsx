import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addCrew,
  initialTripDraft,
  reset,
  setTransportMode,
  tripDraftSlice,
  type TripDraft,
} from './trip-draft-slice.ts';
import { useTripDraftUrlSync } from './use-trip-draft-url-sync.ts';

function Probe() {
  const draft = useTripDraftUrlSync();
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="crew">{draft.crew.join('|')}</output>
    </>
  );
}

function setup(entry: string, preloaded: TripDraft = initialTripDraft) {
  const store = configureStore({
    reducer: { nextTrip: tripDraftSlice.reducer },
    preloadedState: { nextTrip: preloaded },
  });
  const router = createMemoryRouter([{ path: '/plan', element: <Probe /> }], { initialEntries: [entry] });
  render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { store, router, search };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 0, 5, 12, 0)); // Sunday
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTripDraftUrlSync', () => {
  it('[STATE-18] loads the draft from the URL query at start', () => {
    const { store } = setup(
      '/plan?placeId=p1&crew=u1,u2&categories=Food&transportMode=car&start=2025-02-03&end=2025-02-10',
    );
    expect(store.getState().nextTrip).toEqual({
      placeId: 'p1',
      start: '2025-02-03',
      end: '2025-02-10',
      crew: ['u1', 'u2'],
      transportMode: 'public',
      categories: ['Food'],
    });
    expect(screen.getByTestId('crew').textContent).toBe('u1|u2');
  });

  it('[STATE-18] writes the defaults back to the URL and keeps other parameters', async () => {
    const { search, router } = setup('/plan?placeId=p1&tab=planner');
    await waitFor(() =>
      expect(Object.fromEntries(search())).toEqual({
        tab: 'planner',
        placeId: 'p1',
        start: '2025-01-06',
        end: '2025-01-13',
        transportMode: 'private',
      }),
    );
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('[STATE-18][PERF-07] writes the loaded draft once the page is idle, not during the first render', async () => {
    const { search } = setup('/plan?placeId=p1');
    // Right after start the URL is as it was: the write would be a navigation in the first render.
    expect(Object.fromEntries(search())).toEqual({ placeId: 'p1' });
    await waitFor(() => expect(search().get('start')).toBe('2025-01-06'));
  });

  it('[STATE-18] writes the draft back to the URL whenever it changes, replacing the history entry', () => {
    const { store, search, router } = setup('/plan?crew=u1&start=2025-02-03&end=2025-02-10');
    const navigations: string[] = [];
    const unsubscribe = router.subscribe((state) => navigations.push(state.historyAction));

    act(() => {
      store.dispatch(addCrew(['u2', 'u1']));
    });
    expect(search().get('crew')).toBe('u1,u2');
    expect(screen.getByTestId('search').textContent).toContain('crew=u1%2Cu2');

    act(() => {
      store.dispatch(setTransportMode('public'));
    });
    expect(search().get('transportMode')).toBe('public');

    act(() => {
      store.dispatch(reset());
    });
    expect(Object.fromEntries(search())).toEqual({ transportMode: 'private' });
    expect(navigations.length).toBeGreaterThan(0);
    expect(navigations.every((action) => action === 'REPLACE')).toBe(true);
    unsubscribe();
  });

  it('[STATE-18] URL values merge into a persisted draft instead of discarding it', async () => {
    const { store, search } = setup('/plan?crew=u3&start=2025-02-03&end=2025-02-10', {
      ...initialTripDraft,
      placeId: 'persisted',
      crew: ['u1'],
    });
    expect(store.getState().nextTrip).toMatchObject({ placeId: 'persisted', crew: ['u1', 'u3'] });
    await waitFor(() => expect(search().get('placeId')).toBe('persisted'));
    expect(search().get('crew')).toBe('u1,u3');
  });

  it('[STATE-18] a later external URL change does not reload the draft (loaded only at start)', () => {
    const { store, router } = setup('/plan?placeId=p1&start=2025-02-03&end=2025-02-10');
    act(() => {
      void router.navigate('/plan?placeId=other');
    });
    expect(store.getState().nextTrip.placeId).toBe('p1');
  });
});
