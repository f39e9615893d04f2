import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from '../../lib/testing/fetch-mock.ts';
import { PICKED_FEATURES_KEY } from '../../modules/features/components/picked-features.ts';
import { makePlace } from '../../modules/places/testing/place-fixtures.ts';
import { PlacePage } from './place.tsx';

const PLACE = makePlace();
const PATH = '/place/germany/city/bavaria/munich?place=p-munich';

function api(extra: (request: RecordedRequest) => Response | undefined = () => undefined) {
  return mockFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === '/core/places/place/p-munich') return jsonResponse(200, PLACE);
    if (request.path === '/core/features/search/') return jsonResponse(200, { data: [], total: 0 });
    if (request.path === '/core/categories/all') return jsonResponse(200, []);
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Place not found' });
  });
}

function renderPlace(path = PATH) {
  return renderRoutes(
    [
      { path: '/place/:country/:type/:region/:place', element: <PlacePage /> },
      { path: '/auth', element: <p>login page</p> },
      { path: '/trips/:id', element: <p>trip detail</p> },
    ],
    { path },
  );
}

beforeEach(() => setCookie('csrf-token', 'test-csrf'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  localStorage.clear();
});

describe("PlacePage 'Trip create'", () => {
  it('sends a visitor to sign in with the reason and the way back to this place', async () => {
    api();
    const { router } = renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Trip create' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('reason')).toBe('trip-create');
    const back = query.get('returnTo') ?? '';
    expect(back.startsWith('/place/germany/city/bavaria/munich?')).toBe(true);
    expect(new URLSearchParams(back.split('?')[1]).get('place')).toBe('p-munich');
  });

  it("clears this place's picks once the trip is created, and keeps other places' picks", async () => {
    localStorage.setItem(PICKED_FEATURES_KEY, JSON.stringify({ 'p-munich': ['f1', 'f3'], other: ['x'] }));
    api((request) =>
      request.path === '/core/trips' && request.method === 'POST'
        ? jsonResponse(201, { _id: 't-new' })
        : undefined,
    );
    const { router, store } = renderPlace();
    signIn(store);
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    fireEvent.click(screen.getByRole('button', { name: 'Trip create' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-new'));
    expect(JSON.parse(localStorage.getItem(PICKED_FEATURES_KEY) ?? '{}')).toEqual({ other: ['x'] });
  });

  it('is docked in the page flow (sticky), not fixed over the footer, and absent for an unknown place', async () => {
    api();
    renderPlace();
    await screen.findByRole('heading', { level: 1, name: 'Munich' });
    const button = screen.getByRole('button', { name: 'Trip create' });
    expect(button.className).toContain('sticky');
    expect(button.className).not.toMatch(/(^|\s)fixed(\s|$)/);
  });

  it('is not offered when the place is not found', async () => {
    api((request) =>
      request.path === '/core/places/place/p-munich'
        ? jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Place not found' })
        : undefined,
    );
    renderPlace();
    expect(await screen.findByText('We could not find this place.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Trip create' })).toBeNull();
  });
});
