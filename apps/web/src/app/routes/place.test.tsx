// The feature search loads its schema lazily: loaded here, so the first answer's check waits for no transform.
import '@tripcrew/contracts/features';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from '../../lib/testing/fetch-mock.ts';
import { fillFromQuery } from '../../modules/trips/state/trip-draft-slice.ts';
import { PICKED_FEATURES_KEY } from '../../modules/features/components/picked-features.ts';
import { makePlace } from '../../modules/places/testing/place-fixtures.ts';
import type * as FeatureMapModule from '../../modules/features/components/feature-map.tsx';
import { PlacePage } from './place.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';
import { placeQueryOptions } from '../../modules/places/api/get-place.ts';

// jsdom has no WebGL: the shared map is a stand-in that records what the place screen gives it.
const baseMap = vi.hoisted(() => ({
  props: undefined as { label: string } | undefined,
  featureMap: undefined as { onSelect?: (id: string) => boolean } | undefined,
}));
vi.mock('../../components/map/base-map.tsx', () => ({
  BaseMap: (props: { label: string }) => {
    baseMap.props = props;
    return <div data-testid="base-map" />;
  },
}));
vi.mock('../../modules/features/components/feature-map.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof FeatureMapModule>();
  return {
    ...original,
    FeatureMap: (props: Parameters<typeof original.FeatureMap>[0]) => {
      baseMap.featureMap = props;
      return original.FeatureMap(props);
    },
  };
});

const PLACE = makePlace();
const TOTAL = 25;
const feature = (i: number) => ({
  _id: `f${i}`,
  title: `Feature ${i}`,
  address: `Street ${i}`,
  description: `About ${i}.`,
  rank: i === 0 ? null : i,
  image: { original: `/images/f${i}.svg` },
  categoryId: ['castle'],
  model: 'places',
  coordinates: null,
  placeId: 'p-munich',
});

function api(overrides: Partial<Record<string, (r: RecordedRequest) => Response>> = {}) {
  return mockFetch((request) => {
    const custom = overrides[request.path];
    if (custom) return custom(request);
    if (request.path === '/core/places/place/p-munich') return jsonResponse(200, PLACE);
    if (request.path === '/core/places/search') return jsonResponse(200, PLACE);
    if (request.path === '/core/categories/all')
      return jsonResponse(200, [{ title: 'sights', subcategories: ['castle'], icon: '🏰' }]);
    if (request.path === '/core/features/search/') {
      const skip = Number(request.query.get('skip'));
      const limit = Number(request.query.get('limit'));
      const data = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - skip)) }, (_, k) =>
        feature(skip + k),
      );
      return jsonResponse(200, { data, total: TOTAL });
    }
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Place not found' });
  });
}

function renderPlace(path = '/place/germany/city/bavaria/munich?place=p-munich') {
  return renderRoutes(
    [
      { path: '/place/:country/:type', element: <PlacePage /> },
      { path: '/place/:country/:type/:region', element: <PlacePage /> },
      { path: '/place/:country/:type/:region/:place', element: <PlacePage /> },
      { path: '/auth', element: <p>login page</p> },
    ],
    { path },
  );
}

function setScroll(atBottom: boolean) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: atBottom ? 4150 : 1000 });
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const searches = (fetch: { to: (p: string) => RecordedRequest[] }) => fetch.to('/core/features/search/');

beforeEach(() => {
  setCookie('csrf-token', 'test-csrf');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setScroll(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('PlacePage', () => {
  it('[PLACE-01][PLACE-04][PLACE-07] loads the place by ?place (cached GET) with a full-screen spinner meanwhile', async () => {
    const fetch = api();
    renderPlace();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Munich' })).toBeTruthy();
    expect(fetch.to('/core/places/place/p-munich')).toHaveLength(1);
    expect(placeQueryOptions('p-munich').meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET
  });

  it('[SEARCH-07] the trip draft takes the place on screen, however the user arrived', async () => {
    api();
    const { store } = renderPlace();
    expect(await screen.findByRole('heading', { level: 1, name: 'Munich' })).toBeTruthy();
    await vi.waitFor(() => expect(store.getState().nextTrip.placeId).toBe('p-munich'));
  });

  it('[PLACE-04] a failed lookup by id is silent and leaves the place unset', async () => {
    const error = vi.spyOn(toast, 'error');
    const fetch = api({
      '/core/places/place/p-munich': () =>
        jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'x' }),
    });
    renderPlace();
    expect(await screen.findByText('We could not find this place.')).toBeTruthy();
    expect(error).not.toHaveBeenCalled();
    expect(searches(fetch)).toHaveLength(0);
  });

  it('[PLACE-03] without ?place, loads through GET /core/places/search from the route; failure toasts the message', async () => {
    const fetch = api();
    renderPlace('/place/germany/city/munich');
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    const [call] = fetch.to('/core/places/search');
    expect(Object.fromEntries(call!.query)).toEqual({ country: 'germany', place: 'munich' });
  });

  it('[PLACE-03] a region route uses region; a failure shows the error message', async () => {
    const error = vi.spyOn(toast, 'error');
    const fetch = api({
      '/core/places/search': () =>
        jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'No place named tuscany' }),
    });
    renderPlace('/place/italy/region/tuscany');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('No place named tuscany', expect.anything()));
    expect(Object.fromEntries(fetch.to('/core/places/search')[0]!.query)).toEqual({
      country: 'italy',
      region: 'tuscany',
    });
  });

  it('[PLACE-06] hero: title, country, short text, photographer and image id, Unsplash note', async () => {
    api();
    renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    expect(screen.getByTestId('place-country').textContent).toBe('Germany');
    expect(screen.getByText(PLACE.short)).toBeTruthy();
    const credit = screen.getByTestId('place-credit').textContent;
    expect(credit).toContain('Tripcrew Studio');
    expect(credit).toContain('img-42');
    expect(credit).toContain('Unsplash');
  });

  it('[PLACE-06] the country is omitted when equal to the title; no Unsplash note for other sources', async () => {
    const france = {
      ...PLACE,
      _id: 'fr',
      title: 'France',
      country: 'France',
      type: 'Country',
      image: { ...PLACE.image, source: 'tripcrew' },
    };
    api({ '/core/places/place/fr': () => jsonResponse(200, france) });
    renderPlace('/place/france/country?place=fr');
    await screen.findByRole('heading', { level: 1, name: 'France' });
    expect(screen.queryByTestId('place-country')).toBeNull();
    expect(screen.getByTestId('place-credit').textContent).not.toContain('Unsplash');
    // Generated art: labelled an illustration, never a photo, no author or internal id.
    expect(screen.getByTestId('place-credit').textContent).toBe('Illustration');
  });

  it('[PLACE-08] the grid has 1/2/3/4 columns at base/sm/md/xl', async () => {
    api();
    renderPlace();
    const grid = await screen.findByTestId('feature-grid');
    expect(grid.className).toContain('grid-cols-1');
    expect(grid.className).toContain('sm:grid-cols-2');
    expect(grid.className).toContain('md:grid-cols-3');
    expect(grid.className).toContain('xl:grid-cols-4');
  });

  it('[PLACE-09][PLACE-13] pages of 10 near the bottom (100 px), scroll throttled to 200 ms, every feature once', async () => {
    const fetch = api();
    renderPlace();
    await vi.waitFor(() => expect(screen.getAllByTestId('feature-card')).toHaveLength(10));
    expect(searches(fetch)[0]!.query.get('limit')).toBe('10');
    expect(searches(fetch)[0]!.query.get('skip')).toBe('0');
    // Far from the bottom: nothing.
    fireEvent.scroll(window);
    await tick(300);
    expect(searches(fetch)).toHaveLength(1);
    setScroll(true);
    await tick(250);
    fireEvent.scroll(window);
    await vi.waitFor(() => expect(searches(fetch)).toHaveLength(2));
    // Within the throttle window a second scroll does not load at once.
    fireEvent.scroll(window);
    expect(searches(fetch)).toHaveLength(2);
    await vi.waitFor(() => expect(screen.getAllByTestId('feature-card')).toHaveLength(20));
    await tick(250);
    fireEvent.scroll(window);
    await vi.waitFor(() => expect(screen.getAllByTestId('feature-card')).toHaveLength(25));
    expect(searches(fetch).map((r) => r.query.get('skip'))).toEqual(['0', '10', '20']);
    expect(screen.getByTestId('features-total').textContent).toBe(`total: ${TOTAL}`);
    // [PLACE-11] everything loaded: no more calls.
    await tick(250);
    fireEvent.scroll(window);
    await tick(400);
    expect(searches(fetch)).toHaveLength(3);
  });

  it('[PLACE-09] a load asked for while one runs is queued and starts 100 ms after it', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    const fetch = api({
      '/core/features/search/': (request) => {
        const skip = Number(request.query.get('skip'));
        const body = { data: Array.from({ length: 10 }, (_, k) => feature(skip + k)), total: TOTAL };
        return new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, body));
        }) as unknown as Response;
      },
    });
    renderPlace();
    await vi.waitFor(() => expect(searches(fetch)).toHaveLength(1));
    setScroll(true);
    fireEvent.scroll(window);
    await tick(0);
    expect(searches(fetch)).toHaveLength(1); // queued, not parallel
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(searches(fetch)).toHaveLength(1);
    await tick(1);
    expect(searches(fetch)).toHaveLength(2);
  });

  it('[PLACE-10] passes the categories of the page query string', async () => {
    const fetch = api();
    renderPlace('/place/germany/city/bavaria/munich?place=p-munich&categories=sights,food');
    await vi.waitFor(() => expect(searches(fetch)).toHaveLength(1));
    expect(searches(fetch)[0]!.query.get('categories')).toBe('sights,food');
  });

  it('[PLACE-11] no place id: no feature search', async () => {
    const fetch = api({
      '/core/places/place/p-munich': () => jsonResponse(500, { statusCode: 500, code: 'X', message: 'x' }),
    });
    renderPlace();
    await screen.findByText('We could not find this place.');
    setScroll(true);
    fireEvent.scroll(window);
    await tick(300);
    expect(searches(fetch)).toHaveLength(0);
  });

  it('[PLACE-12] when the place changes the list resets and reloads from offset 0', async () => {
    const other = { ...PLACE, _id: 'p-2', title: 'Nuremberg' };
    const fetch = api({ '/core/places/place/p-2': () => jsonResponse(200, other) });
    const { router } = renderPlace();
    await vi.waitFor(() => expect(screen.getAllByTestId('feature-card')).toHaveLength(10));
    await act(async () => {
      await router.navigate('/place/germany/city/bavaria/nuremberg?place=p-2');
    });
    await screen.findByRole('heading', { level: 1, name: 'Nuremberg' });
    await vi.waitFor(() =>
      expect(searches(fetch).filter((r) => r.query.get('placeId') === 'p-2')).toHaveLength(1),
    );
    expect(searches(fetch).at(-1)!.query.get('skip')).toBe('0');
    await vi.waitFor(() => expect(screen.getAllByTestId('feature-card')).toHaveLength(10));
  });

  it('[PLACE-14] clicking toggles a feature in the place’s picked list, kept in localStorage', async () => {
    api();
    renderPlace();
    const pick = await screen.findByRole('button', { name: 'Pick Feature 3' });
    fireEvent.click(pick);
    expect(screen.getByRole('button', { name: 'Unpick Feature 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pick Feature 4' }));
    expect(JSON.parse(localStorage.getItem(PICKED_FEATURES_KEY)!)).toEqual({ 'p-munich': ['f3', 'f4'] });
    fireEvent.click(screen.getByRole('button', { name: 'Unpick Feature 3' }));
    expect(JSON.parse(localStorage.getItem(PICKED_FEATURES_KEY)!)).toEqual({ 'p-munich': ['f4'] });
  });

  it("[PLACE-15] picking without a place id fails with 'no placeId'", async () => {
    const { togglePicked } = await import('../../modules/features/components/picked-features.ts');
    expect(() => togglePicked(undefined, 'f1')).toThrow('no placeId');
  });

  it("[PLACE-16] a failed feature search shows 'Error fetching features'", async () => {
    const error = vi.spyOn(toast, 'error');
    api({ '/core/features/search/': () => jsonResponse(500, { statusCode: 500, code: 'X', message: 'x' }) });
    renderPlace();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Error fetching features', expect.anything()));
  });

  it("[PLACE-13] 'jump up' scrolls to the top", async () => {
    api();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderPlace();
    fireEvent.click(await screen.findByRole('button', { name: 'jump up' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it("[PLACE-17][TRIP-18] 'Trip create' sends a visitor to /auth without any POST", async () => {
    const fetch = api();
    const { router } = renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Trip create' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(fetch.to('/core/trips', 'POST')).toHaveLength(0);
  });

  it('[TRIP-17] posts the draft (place, dates, transport, picked features, categories, crew) and opens the trip', async () => {
    localStorage.setItem(PICKED_FEATURES_KEY, JSON.stringify({ 'p-munich': ['f1', 'f3'], other: ['x'] }));
    const fetch = api({ '/core/trips': () => jsonResponse(201, { _id: 't-new' }) });
    const { router, store } = renderRoutes(
      [
        { path: '/place/:country/:type/:region/:place', element: <PlacePage /> },
        { path: '/trips/:id', element: <p>trip detail</p> },
      ],
      { path: '/place/germany/city/bavaria/munich?place=p-munich' },
    );
    signIn(store);
    store.dispatch(
      fillFromQuery({
        start: '2031-05-05',
        end: '2031-05-12',
        transportMode: 'public',
        crew: ['u-2', 'u-3'],
        categories: ['sights'],
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Trip create' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-new'));
    const [post] = fetch.to('/core/trips', 'POST');
    expect(post!.body).toEqual({
      placeId: 'p-munich',
      startDate: '2031-05-05',
      endDate: '2031-05-12',
      transportMode: 'public',
      featureIds: ['f1', 'f3'],
      categories: ['sights'],
      members: ['u-2', 'u-3'],
    });
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('[TRIP-17] a failed creation is logged only: no toast, no navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = [vi.spyOn(toast, 'error'), vi.spyOn(toast, 'info')];
    const fetch = api({
      '/core/trips': () => jsonResponse(400, { statusCode: 400, code: 'BAD', message: 'nope' }),
    });
    const { router, store } = renderPlace();
    signIn(store);
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Trip create' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(fetch.to('/core/trips', 'POST')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/place/germany/city/bavaria/munich');
    for (const spy of toasts) expect(spy).not.toHaveBeenCalled();
  });

  it('[TRIP-18] no POST while the place is not loaded', async () => {
    const fetch = api({
      '/core/places/place/p-munich': () =>
        jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'x' }),
    });
    const { store } = renderPlace();
    signIn(store);
    expect(await screen.findByText('We could not find this place.')).toBeTruthy();
    // Nothing to create a trip for: the button is not offered at all.
    expect(screen.queryByRole('button', { name: 'Trip create' })).toBeNull();
    await tick(50);
    expect(fetch.to('/core/trips', 'POST')).toHaveLength(0);
  });

  it('[FEATURE-01] a card shows rank + title, address, 540x540 image (fallback on error), category icons, description', async () => {
    api();
    renderPlace();
    const card = (await screen.findByRole('button', { name: 'Pick Feature 2' })).closest('article')!;
    const scope = within(card);
    expect(scope.getByRole('heading').textContent).toBe('#2Feature 2');
    expect(scope.getByText('Street 2')).toBeTruthy();
    expect(scope.getByText('About 2.')).toBeTruthy();
    await vi.waitFor(() => expect(scope.getByText('sights')).toBeTruthy());
    const image = card.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/images/f2.svg?compress=540x540');
    fireEvent.error(image);
    expect(card.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const noRank = (await screen.findByRole('button', { name: 'Pick Feature 0' })).closest('article')!;
    expect(within(noRank).queryByTestId('feature-rank')).toBeNull();
    // The wishlist heart: a visitor is sent to /auth (signed-in toggling: feature-card.test.tsx).
    const heart = scope.getByRole('button', { name: 'Wishlist Feature 2' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it("[FEATURE-02] [MAP-10] 'Show map' lazy-loads a map of every feature of the place, in one request, with a legend", async () => {
    const all = 120;
    const fetch = api({
      '/core/features/search/': (request) => {
        const skip = Number(request.query.get('skip'));
        const limit = Number(request.query.get('limit'));
        const data = Array.from({ length: Math.max(0, Math.min(limit, all - skip)) }, (_, k) => ({
          ...feature(skip + k),
          model: skip + k === 0 ? 'restaurants' : 'places',
          coordinates: { lat: 48.13 + (skip + k) / 1000, lng: 11.57 },
        }));
        return jsonResponse(200, { data, total: all });
      },
      '/core/features/map-points': () => {
        const data = Array.from({ length: all }, (_, k) => {
          const { _id, title, categoryId } = feature(k);
          return {
            _id,
            title,
            categoryId,
            model: k === 0 ? 'restaurants' : 'places',
            coordinates: { lat: 48.13 + k / 1000, lng: 11.57 },
          };
        });
        return jsonResponse(200, { data, total: all });
      },
    });
    renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    expect(screen.queryByTestId('feature-map')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show map' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide map' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('120 features on the map')).toBeTruthy();
    expect(baseMap.props?.label).toBe('Map of Munich');
    const legend = screen.getByRole('list', { name: 'Map legend' });
    expect(within(legend).getByText('sights')).toBeTruthy();
    expect(within(legend).getByText('Restaurants, shops, hotels and events')).toBeTruthy();
    // Every feature in one answer, for this place.
    const points = fetch.to('/core/features/map-points');
    expect(points).toHaveLength(1);
    expect(points[0]?.query.get('placeId')).toBeTruthy();
    for (const request of fetch.requests)
      expect(new URL(request.url, 'http://localhost').host).toBe('localhost');

    // A pin whose card is in the list: the card is marked and scrolled to.
    await screen.findAllByTestId('feature-card');
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const onSelect = baseMap.featureMap?.onSelect;
    expect(onSelect?.('f1')).toBe(true);
    expect(document.querySelector('[data-feature-id="f1"]')?.getAttribute('data-highlighted')).toBe('true');
    expect(scrolled).toHaveBeenCalledTimes(1);
    // One that is not loaded yet: the popup says its card is further down the list.
    expect(onSelect?.('f119')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Hide map' }));
    expect(screen.queryByTestId('feature-map')).toBeNull();
  });

  it('[MAP-15] a place with more positioned features than one answer holds says the map shows the first ones', async () => {
    api({
      '/core/features/search/': () => jsonResponse(200, { data: [feature(0)], total: 7312 }),
      '/core/features/map-points': () => {
        const { _id, title, categoryId } = feature(0);
        const point = { _id, title, categoryId, model: 'places', coordinates: { lat: 48.13, lng: 11.57 } };
        return jsonResponse(200, { data: [point, { ...point, _id: 'f-second' }], total: 7312 });
      },
    });
    renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
    expect(await screen.findByText('The first 2 of 7,312 features are on the map')).toBeTruthy();
  });
});
