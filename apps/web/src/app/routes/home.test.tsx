import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEachTest, renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../lib/testing/fetch-mock.ts';
import { makeTrip } from '../../modules/trips/testing/trip-fixtures.ts';
import { HOME_TITLE, HomePage, TITLE_PHASE_MS } from './home.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';
import { suggestionsQueryOptions } from '../../modules/suggestions/api/get-suggestions.ts';
import { upcomingTripsQueryOptions } from '../../modules/trips/api/get-upcoming-trips.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

const SUGGESTIONS = [
  {
    _id: 's1',
    title: 'Three days in Munich',
    image: '/images/s1.svg',
    description: 'Beer gardens and castles.',
    days: 3,
    icons: '🍺🏰👨‍👩‍👧',
    place: { _id: 'p-munich', title: 'Munich', type: 'City', country: 'Germany', region: 'Bavaria' },
  },
  {
    _id: 's2',
    title: 'Tuscany slow',
    image: '',
    description: 'Hills and wine.',
    days: 5,
    icons: '🍷🌄',
    place: { _id: 'p-tus', title: 'Tuscany', type: 'Region', country: 'Italy', region: null },
  },
];

function renderHome(signedIn = false) {
  const result = renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/place/*', element: <p>place screen</p> },
      { path: '/trips/:id', element: <p>trip detail</p> },
    ],
    { path: '/' },
  );
  if (signedIn) signIn(result.store);
  return result;
}

/** Suggestions, and the upcoming trips from `upcoming` (a status code or a list). */
function homeApi(upcoming: unknown[] | number = []) {
  return mockFetch((request: RecordedRequest) => {
    if (request.path === '/core/trips/upcoming') {
      return typeof upcoming === 'number'
        ? jsonResponse(upcoming, { statusCode: upcoming, code: 'X', message: 'x' })
        : jsonResponse(200, upcoming);
    }
    return jsonResponse(200, SUGGESTIONS);
  });
}

async function pastTitlePhase() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(TITLE_PHASE_MS);
  });
}

fakeTimersEachTest();

describe('HomePage', () => {
  it('[HOME-01] shows the title first and the suggestions after 1.5 s', async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    vi.useFakeTimers();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: i18n._(HOME_TITLE) })).toBeTruthy();
    expect(screen.queryByText('suggestions for you:')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TITLE_PHASE_MS - 10);
    });
    expect(screen.queryByText('suggestions for you:')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('heading', { level: 2, name: 'suggestions for you:' })).toBeTruthy();
  });

  it('[HOME-02] loads GET /core/suggestions through the cached GET and staggers the cards', async () => {
    const fetch = mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    const cards = await screen.findAllByTestId('suggestion-card');
    expect(cards).toHaveLength(2);
    expect(fetch.to('/core/suggestions')).toHaveLength(1);
    expect(suggestionsQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET
    const delays = cards.map((card) => Number(card.dataset.delay));
    expect(delays[1]).toBeGreaterThan(delays[0]!);
  });

  it('[PERF-07] the first cards load their images at once and with high priority, later ones lazily', async () => {
    const many = Array.from({ length: 5 }, (_, index) => ({
      ...SUGGESTIONS[0]!,
      _id: `s-many-${index}`,
      title: `Suggestion ${index}`,
    }));
    mockFetch(() => jsonResponse(200, many));
    renderHome();
    await pastTitlePhase();
    const cards = await screen.findAllByTestId('suggestion-card');
    const images = cards.map((card) => card.querySelector('img')!);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      'high',
      'auto',
      'auto',
    ]);
  });

  it('[HOME-03] a card shows title, image (fallback when missing or failing), description, days and one element per emoji', async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    const [first, second] = await screen.findAllByTestId('suggestion-card');
    const one = within(first!);
    expect(one.getByRole('heading', { name: 'Three days in Munich' })).toBeTruthy();
    expect(one.getByText('Beer gardens and castles.')).toBeTruthy();
    expect(first!.textContent).toContain('our trip-plan for 3 days');
    const icons = one.getAllByTestId('suggestion-icon').map((icon) => icon.textContent);
    expect(icons).toEqual(['🍺', '🏰', '👨‍👩‍👧']);
    const image = first!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/images/s1.svg');
    fireEvent.error(image);
    expect(first!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(second!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it("[HOME-04] the fullscreen button opens the suggestion's place page", async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    const { router } = renderHome();
    await pastTitlePhase();
    await screen.findAllByTestId('suggestion-card');
    fireEvent.click(screen.getByRole('button', { name: 'Open Three days in Munich fullscreen' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/place/germany/city/bavaria/munich'));
    expect(router.state.location.search).toBe('?place=p-munich');
  });

  it("[HOME-05] the 'upcoming trips' tile comes first and the ad tile last", async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    await screen.findAllByTestId('suggestion-card');
    const tiles = Array.from(screen.getByTestId('suggestions-grid').children) as HTMLElement[];
    expect(tiles[0]!.dataset.testid).toBe('upcoming-trips-tile');
    expect(tiles[0]!.textContent).toContain('upcoming trips');
    expect(tiles.at(-1)!.dataset.testid).toBe('ad-tile');
    expect(tiles).toHaveLength(4);
  });

  it("[HOME-06] a failed fetch toasts 'Error fetching suggestions' with toast id suggestions-error", async () => {
    mockFetch(() => jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' }));
    const spy = vi.spyOn(toast, 'error');
    renderHome();
    await pastTitlePhase();
    await vi.waitFor(() =>
      expect(spy).toHaveBeenCalledWith('Error fetching suggestions', { toastId: 'suggestions-error' }),
    );
  });

  it('[HOME-07] visitors get no upcoming strip and GET /core/trips/upcoming is not called', async () => {
    const fetch = homeApi([makeTrip()]);
    renderHome();
    await pastTitlePhase();
    await screen.findAllByTestId('suggestion-card');
    expect(screen.queryByTestId('upcoming-trips-strip')).toBeNull();
    expect(fetch.to('/core/trips/upcoming')).toHaveLength(0);
  });

  it('[HOME-08] an upcoming card: name rows split on commas, dd.mm.yyyy range with the status label, cover, avatars; opens the trip', async () => {
    vi.setSystemTime(new Date('2031-05-02T10:00:00'));
    homeApi([
      makeTrip(),
      makeTrip({ _id: 't-2', tripName: 'Porto', image: { original: '', landscape: '' } }),
    ]);
    const { router } = renderHome(true);
    await pastTitlePhase();
    const cards = await screen.findAllByTestId('upcoming-trip-card');
    const tile = screen.getByTestId('upcoming-trips-tile');
    expect(tile.contains(cards[0]!)).toBe(true);
    const first = within(cards[0]!);
    expect(first.getAllByTestId('trip-name-row').map((row) => row.textContent)).toEqual([
      'Lisbon',
      'Portugal',
    ]);
    expect(first.getAllByTestId('trip-name-row')[0]!.className).toContain('tracking-');
    expect(first.getByTestId('upcoming-trip-dates').textContent).toBe('05.05.2031 – 08.05.2031');
    expect(first.getByTestId('trip-status').textContent).toBe('in 2 days');
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe(
      '/api/uploads/lisbon-940.jpg?compress=940x650',
    );
    expect(cards[1]!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(first.getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
    fireEvent.click(first.getByRole('link', { name: 'Lisbon, Portugal' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-1'));
  });

  it("[HOME-09] a failed upcoming-trips fetch shows the toast 'network error'", async () => {
    const error = vi.spyOn(toast, 'error');
    homeApi(500);
    renderHome(true);
    await pastTitlePhase();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('network error', expect.anything()));
  });

  it('[HOME-10] GET /core/trips/upcoming is asked once and no cache entry is left after loading', async () => {
    // The cached GET whose entry the SPEC drops after loading is a query without a saved copy rule.
    const fetch = homeApi([makeTrip()]);
    renderHome(true);
    await pastTitlePhase();
    await screen.findAllByTestId('upcoming-trip-card');
    expect(fetch.to('/core/trips/upcoming')).toHaveLength(1);
    expect(upcomingTripsQueryOptions().meta?.cachedForMs).toBeUndefined();
  });
});
