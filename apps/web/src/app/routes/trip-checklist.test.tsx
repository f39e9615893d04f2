import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { deferred, jsonResponse } from '../../lib/testing/fetch-mock.ts';
import { CHECKLIST_SYNC_DEBOUNCE_MS } from '../../modules/trips/components/checklist/use-checklist-sync.ts';
import { updateChecklist } from '../../modules/trips/state/checklist-slice.ts';
import { mockTripApi } from '../../modules/trips/testing/trip-fixtures.ts';
import { TripDetailPage } from './trip-detail.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';
import { travelChecklistQueryOptions } from '../../modules/vocabulary/api/get-travel-checklist.ts';

const VOCABULARY = {
  travel_checklist: {
    documents: ['passport', 'tickets', 'insurance'],
    clothes: ['jacket', 'swimsuit'],
  },
};

function checklistApi(serverEntries: string[] = [], role?: 'guest') {
  return mockTripApi({
    role,
    extra: (request) => {
      if (request.path === '/core/vocabulary/travel-checklist') return jsonResponse(200, VOCABULARY);
      if (request.path === '/core/trips/t-1/checklist' && request.method === 'GET')
        return jsonResponse(200, { entries: serverEntries, version: 3 });
      return undefined;
    },
  });
}

async function renderChecklist(prepare?: (store: ReturnType<typeof renderRoutes>['store']) => void) {
  const result = renderRoutes([{ path: '/trips/:id', element: <TripDetailPage /> }], {
    path: '/trips/t-1?tab=checklist',
  });
  await waitForRehydration(result.persistor!);
  signIn(result.store);
  prepare?.(result.store);
  await screen.findAllByTestId('checklist-group');
  return result;
}

const group = (name: string) =>
  screen
    .getAllByTestId('checklist-group')
    .find((el) => within(el).getByRole('heading').textContent === name)!;
const puts = (fetch: ReturnType<typeof mockTripApi>) => fetch.to('/core/trips/t-1/checklist', 'PUT');
const patches = (fetch: ReturnType<typeof mockTripApi>) => fetch.to('/core/trips/t-1/checklist', 'PATCH');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('trip checklist tab', () => {
  it('[CHECKLIST-01] shows the vocabulary groups (cached GET) with tick boxes and a progress per group', async () => {
    const fetch = checklistApi(['tickets']);
    await renderChecklist();
    expect(screen.getAllByTestId('checklist-group')).toHaveLength(2);
    expect(fetch.to('/core/vocabulary/travel-checklist')).toHaveLength(1);
    expect(travelChecklistQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET
    const documents = within(group('documents'));
    expect(documents.getAllByRole('checkbox')).toHaveLength(3);
    await vi.waitFor(() => expect(documents.getByTestId('checklist-progress').textContent).toBe('1/3'));
    expect((documents.getByRole('checkbox', { name: 'tickets' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(documents.getByRole('checkbox', { name: 'passport' }));
    expect(documents.getByTestId('checklist-progress').textContent).toBe('2/3');
    expect(within(group('clothes')).getByTestId('checklist-progress').textContent).toBe('0/2');
  });

  it('[CHECKLIST-02] a tick removes any equal entry and appends it: no duplicates, the latest last', async () => {
    checklistApi();
    const { store } = await renderChecklist();
    const documents = within(group('documents'));
    fireEvent.click(documents.getByRole('checkbox', { name: 'passport' }));
    fireEvent.click(documents.getByRole('checkbox', { name: 'tickets' }));
    store.dispatch(updateChecklist({ tripId: 't-1', entry: 'passport' }));
    expect(store.getState().checklist.trips['t-1']).toEqual(['tickets', 'passport']);
    fireEvent.click(documents.getByRole('checkbox', { name: 'tickets' }));
    expect(store.getState().checklist.trips['t-1']).toEqual(['passport']);
  });

  it('[CHECKLIST-03] ticks are kept per trip with the userId in the client store, persisted under "checklist"', async () => {
    checklistApi();
    const { store } = await renderChecklist();
    fireEvent.click(within(group('clothes')).getByRole('checkbox', { name: 'jacket' }));
    expect(store.getState().checklist).toMatchObject({ trips: { 't-1': ['jacket'] }, userId: 'u-1' });
    await vi.waitFor(() => expect(localStorage.getItem('checklist')).toContain('jacket'));
  });

  it('[CHECKLIST-04] what each change ticked and unticked is PATCHed, debounced', async () => {
    const fetch = checklistApi(['insurance']);
    await renderChecklist();
    // The first sync (GET the server's list) is done: only then do changes go out debounced.
    await screen.findByText('Saved');
    const documents = within(group('documents'));
    fireEvent.click(documents.getByRole('checkbox', { name: 'passport' }));
    fireEvent.click(documents.getByRole('checkbox', { name: 'tickets' }));
    fireEvent.click(documents.getByRole('checkbox', { name: 'insurance' }));
    expect(patches(fetch)).toHaveLength(0);
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1), {
      timeout: CHECKLIST_SYNC_DEBOUNCE_MS + 2000,
    });
    expect(patches(fetch)[0]!.body).toEqual({ tick: ['passport', 'tickets'], untick: ['insurance'] });
    expect(puts(fetch)).toHaveLength(0);
  });

  it('[CHECKLIST-06] the answer brings ticks made on another device; a tick made while it was on its way stays', async () => {
    const sent = deferred<Response>();
    const fetch = mockTripApi({
      extra: (request) => {
        if (request.path === '/core/vocabulary/travel-checklist') return jsonResponse(200, VOCABULARY);
        if (request.path !== '/core/trips/t-1/checklist') return undefined;
        if (request.method === 'GET') return jsonResponse(200, { entries: ['tickets'], version: 3 });
        // The first change's answer waits; the second one's comes at once.
        return patches(fetch).length === 1
          ? sent.promise
          : jsonResponse(200, { entries: ['tickets', 'jacket', 'passport', 'swimsuit'], version: 6 });
      },
    });
    const { store } = await renderChecklist();
    await screen.findByText('Saved');
    fireEvent.click(within(group('documents')).getByRole('checkbox', { name: 'passport' }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1), {
      timeout: CHECKLIST_SYNC_DEBOUNCE_MS + 2000,
    });
    // While it is on its way: a tick here. Meanwhile the phone ticked "jacket".
    fireEvent.click(within(group('clothes')).getByRole('checkbox', { name: 'swimsuit' }));
    sent.resolve(jsonResponse(200, { entries: ['tickets', 'jacket', 'passport'], version: 5 }));
    await vi.waitFor(() =>
      expect(store.getState().checklist.trips['t-1']).toEqual(['tickets', 'jacket', 'passport', 'swimsuit']),
    );
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(2), {
      timeout: CHECKLIST_SYNC_DEBOUNCE_MS + 2000,
    });
    expect(patches(fetch)[1]!.body).toEqual({ tick: ['swimsuit'], untick: [] });
    expect(
      (within(group('clothes')).getByRole('checkbox', { name: 'jacket' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('[CHECKLIST-04] on open the server wins when it has entries; otherwise the local ticks are pushed', async () => {
    // A fake clock that also moves on its own: the debounce can be jumped over below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = checklistApi(['jacket']);
    const { store } = await renderChecklist((s) =>
      s.dispatch(updateChecklist({ tripId: 't-1', entry: 'passport' })),
    );
    await vi.waitFor(() => expect(store.getState().checklist.trips['t-1']).toEqual(['jacket']));
    await act(() => vi.advanceTimersByTimeAsync(CHECKLIST_SYNC_DEBOUNCE_MS + 50));
    expect(puts(fetch)).toHaveLength(0);
  });

  it('[CHECKLIST-04] an empty server list gets the local ticks, as ticks (another device may tick meanwhile)', async () => {
    const fetch = checklistApi([]);
    await renderChecklist((s) => s.dispatch(updateChecklist({ tripId: 't-1', entry: 'passport' })));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ tick: ['passport'], untick: [] });
    expect(puts(fetch)).toHaveLength(0);
  });
});
