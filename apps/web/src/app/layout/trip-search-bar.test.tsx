import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEachTest, renderRoutes } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../lib/testing/fetch-mock.ts';
import { addRecentLocation } from '../../modules/places/state/locations-slice.ts';
import { makePlace } from '../../modules/places/testing/place-fixtures.ts';
import { TripSearchBar } from './trip-search-bar.tsx';

/** The fake clock moves on by `ms`, the updates it causes applied. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const MUNICH = makePlace({
  short: 'Beer and castles',
  image: { original: '/i.svg', photographer: 'x', id: 'i', source: 'tripcrew' },
  featureCount: 20,
});
const CATEGORIES = [
  { title: 'sights', subcategories: ['castle'], icon: '🏰' },
  { title: 'food and drink', subcategories: ['beer garden'], icon: '🍺' },
];

function handler(request: RecordedRequest): Response {
  if (request.path === '/core/places/autocomplete') return jsonResponse(200, [MUNICH]);
  if (request.path === '/core/categories/all') return jsonResponse(200, CATEGORIES);
  return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'nope' });
}

function renderBar(path = '/') {
  return renderRoutes(
    [
      { path: '/', element: <TripSearchBar /> },
      { path: '/place/*', element: <TripSearchBar /> },
    ],
    { path },
  );
}

const field = () => screen.getAllByPlaceholderText('where do you want to be?')[0] as HTMLInputElement;
const autocompleteCalls = (fetch: { to: (p: string) => RecordedRequest[] }) =>
  fetch.to('/core/places/autocomplete');

fakeTimersEachTest();

describe('location search', () => {
  it("[SEARCH-01] the field's placeholder is 'where do you want to be?'", () => {
    mockFetch(handler);
    renderBar();
    expect(field().getAttribute('role')).toBe('combobox');
  });

  it('[SEARCH-02] needs 3 trimmed characters and sends the query trimmed and URL-encoded', async () => {
    const fetch = mockFetch(handler);
    renderBar();
    fireEvent.change(field(), { target: { value: '  ab  ' } });
    await advance(600);
    expect(autocompleteCalls(fetch)).toHaveLength(0);
    fireEvent.change(field(), { target: { value: '  São P&ulo ' } });
    await advance(600);
    const calls = autocompleteCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/core/places/autocomplete?q=S%C3%A3o%20P%26ulo');
  });

  it('[SEARCH-03] waits 500 ms after typing stops', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch(handler);
    renderBar();
    fireEvent.change(field(), { target: { value: 'Mun' } });
    await advance(300);
    fireEvent.change(field(), { target: { value: 'Muni' } });
    await advance(499);
    expect(autocompleteCalls(fetch)).toHaveLength(0);
    await advance(1);
    expect(autocompleteCalls(fetch)).toHaveLength(1);
    expect(autocompleteCalls(fetch)[0]!.query.get('q')).toBe('Muni');
  });

  it('[SEARCH-04] Enter searches at once', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch(handler);
    renderBar();
    fireEvent.change(field(), { target: { value: 'Munich' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await advance(0);
    expect(autocompleteCalls(fetch)).toHaveLength(1);
    await advance(600);
    expect(autocompleteCalls(fetch)).toHaveLength(1);
  });

  it("[SEARCH-05] inline from 640 px (sm:), a modal titled 'Search your location' below", async () => {
    mockFetch(handler);
    renderBar();
    const inline = field().closest('div.relative') as HTMLElement;
    expect(inline.className).toContain('hidden');
    expect(inline.className).toContain('sm:block');
    const opener = screen.getByTestId('location-search-opener');
    expect(opener.className).toContain('sm:hidden');
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Search your location' });
    expect(within(dialog).getByPlaceholderText('where do you want to be?')).toBeTruthy();
  });

  it('[SEARCH-06] before typing, offers the recent locations newest first, at most 10, no duplicates', () => {
    mockFetch(handler);
    const { store } = renderBar();
    act(() => {
      for (let i = 0; i < 12; i++)
        store.dispatch(addRecentLocation({ _id: `r${i}`, title: `Place ${i}`, type: 'City' }));
      store.dispatch(addRecentLocation({ _id: 'r5', title: 'Place 5', type: 'City' }));
    });
    fireEvent.focus(field());
    const list = screen.getByRole('listbox', { name: 'Recent locations' });
    const titles = within(list)
      .getAllByRole('option')
      .map((option) => option.querySelector('span span')?.textContent);
    expect(titles).toHaveLength(10);
    expect(titles[0]).toBe('Place 5');
    expect(titles[1]).toBe('Place 11');
    expect(new Set(titles).size).toBe(10);
  });

  it('[SEARCH-07] choosing a place (keyboard) opens its place screen and adds it to the recent locations', async () => {
    mockFetch(handler);
    const { store, router } = renderBar();
    fireEvent.change(field(), { target: { value: 'Munich' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    const option = await screen.findByRole('option', { name: /Munich/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(option.id);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/place/germany/city/bavaria/munich'));
    expect(store.getState().locations.items[0]).toMatchObject({
      _id: 'p-munich',
      title: 'Munich',
      type: 'City',
    });
    // The place screen (not mounted here) sets the draft's place; the path carries ?place=.
    expect(new URLSearchParams(router.state.location.search).get('place')).toBe('p-munich');
  });

  it('[SEARCH-08] a failed autocomplete is logged only (console.warn, no toast, no console.error)', async () => {
    mockFetch(() => jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const toastSpy = vi.spyOn(toast, 'error');
    renderBar();
    fireEvent.change(field(), { target: { value: 'Munich' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(toastSpy).not.toHaveBeenCalled();
  });
});

describe('trip option bar', () => {
  const openBar = () => fireEvent.click(screen.getByRole('button', { name: 'Trip options' }));

  it('[BAR-01] the tune button shows and hides the bar', () => {
    mockFetch(handler);
    renderBar();
    expect(screen.queryByTestId('trip-option-bar')).toBeNull();
    openBar();
    expect(screen.getByTestId('trip-option-bar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trip options' }).getAttribute('aria-expanded')).toBe('true');
    openBar();
    expect(screen.queryByTestId('trip-option-bar')).toBeNull();
  });

  it('[BAR-02] transport: private shows a car, public a flight; a click switches draft and URL', async () => {
    mockFetch(handler);
    const { store, router } = renderBar();
    openBar();
    expect(screen.getByTestId('transport-icon-private')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Transport: private/ }));
    expect(screen.getByTestId('transport-icon-public')).toBeTruthy();
    expect(store.getState().nextTrip.transportMode).toBe('public');
    await vi.waitFor(() => expect(router.state.location.search).toContain('transportMode=public'));
  });

  it('[BAR-03] weeks start on Monday, minimum date today, day counts clamped to 0..99999', async () => {
    mockFetch(handler);
    const { store } = renderBar();
    openBar();
    fireEvent.click(screen.getByTestId('date-range-label').closest('button')!);
    const group = screen.getByRole('group', { name: 'Trip dates' });
    // The calendar is loaded when the panel first opens.
    await waitFor(() => expect(group.querySelectorAll('thead th').length).toBeGreaterThan(0));
    const weekdays = group.querySelectorAll('thead th');
    expect(weekdays[0]?.getAttribute('aria-label') ?? weekdays[0]?.textContent).toMatch(/^Mo/);
    const start = (await within(group).findByLabelText('start')) as HTMLInputElement;
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(start.dataset.min).toBe(iso);
    const nights = within(group).getByLabelText('nights') as HTMLInputElement;
    fireEvent.change(nights, { target: { value: '1000000' } });
    const { start: s, end: e } = store.getState().nextTrip;
    expect(Math.round((new Date(e).getTime() - new Date(s).getTime()) / 86_400_000)).toBe(99999);
    fireEvent.change(within(group).getByLabelText('days from now'), { target: { value: '-5' } });
    expect(store.getState().nextTrip.start).toBe(iso);
    expect(nights.max).toBe('99999');
  });

  it("[BAR-04] a start earlier than now is refused with 'Please select a future date'", async () => {
    mockFetch(handler);
    const warn = vi.spyOn(toast, 'warn');
    const { store } = renderBar();
    openBar();
    fireEvent.click(screen.getByTestId('date-range-label').closest('button')!);
    const start = await screen.findByLabelText('start');
    const before = store.getState().nextTrip;
    fireEvent.change(start, { target: { value: '01.01.2001' } });
    expect(warn).toHaveBeenCalledWith('Please select a future date', expect.anything());
    expect(store.getState().nextTrip).toEqual(before);
  });

  it('[BAR-05] dates and categories (no duplicates) go to the draft and the URL', async () => {
    mockFetch(handler);
    const { store, router } = renderBar();
    openBar();
    const chip = await screen.findByRole('button', { name: /sights/ });
    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /food and drink/ }));
    expect(store.getState().nextTrip.categories).toEqual(['sights', 'food and drink']);
    fireEvent.click(screen.getByTestId('date-range-label').closest('button')!);
    fireEvent.change(await screen.findByLabelText('days from now'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('nights'), { target: { value: '3' } });
    const { start, end } = store.getState().nextTrip;
    await vi.waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('categories')).toBe('sights,food and drink');
      expect(params.get('start')).toBe(start);
      expect(params.get('end')).toBe(end);
    });
    fireEvent.click(screen.getByRole('button', { name: /sights/ }));
    expect(store.getState().nextTrip.categories).toEqual(['food and drink']);
  });

  it("[BAR-06] the search button warns 'Please fill in all fields' when the place is missing", () => {
    mockFetch(handler);
    const warn = vi.spyOn(toast, 'warn');
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(warn).toHaveBeenCalledWith('Please fill in all fields', expect.anything());
  });
});
