// The feature search loads its schema lazily: loaded here, so the first answer's check waits for no transform.
import '@tripcrew/contracts/features';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import type { Feature } from '../api/search-features.ts';
import { FeatureMap, MAP_FEATURE_LIMIT, markerKind } from './feature-map.tsx';

const feature = (id: string, model: Feature['model'], coordinates: Feature['coordinates']): Feature => ({
  _id: id,
  title: `Title ${id}`,
  address: `Street ${id}`,
  description: '',
  rank: null,
  image: { original: '' },
  categoryId: [],
  model,
  coordinates,
  placeId: 'p-munich',
});

const FEATURES = [
  feature('castle', 'places', { lat: 48.15, lng: 11.55 }),
  feature('beer', 'restaurants', { lat: 48.13, lng: 11.58 }),
  feature('fair', 'events', { lat: 48.14, lng: 11.6 }),
  feature('nowhere', 'shops', null),
];

function serve(data: Feature[] = FEATURES) {
  return mockFetch((request) =>
    request.path === '/core/features/search/'
      ? jsonResponse(200, { data, total: data.length })
      : jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'x' }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('FeatureMap', () => {
  it('[FEATURE-02] a pin for model places, a green dot for any other model', async () => {
    serve();
    renderAt(<FeatureMap placeId="p-munich" placeTitle="Munich" />);
    const map = await screen.findByRole('img', { name: 'Map of Munich with 3 features' });
    await vi.waitFor(() => expect(map.querySelectorAll('[data-testid="map-marker"]')).toHaveLength(3));
    const pin = map.querySelector('[data-feature-id="castle"]');
    expect(pin?.getAttribute('data-marker')).toBe('pin');
    expect(pin?.querySelector('path')).not.toBeNull();
    for (const id of ['beer', 'fair']) {
      const dot = map.querySelector(`[data-feature-id="${id}"]`);
      expect(dot?.getAttribute('data-marker')).toBe('dot');
      expect(dot?.querySelector('circle')?.getAttribute('fill')).toBe('#16a34a');
    }
    expect(markerKind('places')).toBe('pin');
    expect(markerKind('hotels')).toBe('dot');
  });

  it('[FEATURE-02] every marker carries the feature title; features without coordinates are counted, not drawn', async () => {
    serve();
    renderAt(<FeatureMap placeId="p-munich" placeTitle="Munich" />);
    const map = await screen.findByRole('img', { name: 'Map of Munich with 3 features' });
    const titles = [...map.querySelectorAll('[data-testid="map-marker"] > title')].map((t) => t.textContent);
    expect(titles).toEqual([
      'Title castle, Street castle',
      'Title beer, Street beer',
      'Title fair, Street fair',
    ]);
    expect(map.querySelector('[data-feature-id="nowhere"]')).toBeNull();
    expect(screen.getByTestId('map-summary').textContent).toBe('3 on the map, 1 without coordinates');
  });

  it('[FEATURE-02] draws the bundled country shapes and fetches only the first 50 features from the app API', async () => {
    const fetch = serve();
    renderAt(<FeatureMap placeId="p-munich" placeTitle="Munich" categories={['castle']} />);
    await screen.findByRole('img', { name: 'Map of Munich with 3 features' });
    expect(screen.getByTestId('map-countries').querySelectorAll('path').length).toBeGreaterThan(100);
    const searches = fetch.to('/core/features/search/');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query.get('limit')).toBe(String(MAP_FEATURE_LIMIT));
    expect(searches[0]!.query.get('placeId')).toBe('p-munich');
    expect(searches[0]!.query.get('categories')).toBe('castle');
    // Offline: no tiles, fonts or glyphs — nothing leaves the app's own origin.
    for (const request of fetch.requests) {
      expect(new URL(request.url, 'http://localhost').host).toBe('localhost');
    }
    expect(document.querySelector('img[src^="http"], image, link[href^="http"]')).toBeNull();
  });

  it('[FEATURE-02] shows the features the page already has, merged with the fetched ones', async () => {
    serve([FEATURES[1]!]);
    renderAt(<FeatureMap placeId="p-munich" placeTitle="Munich" features={[FEATURES[0]!, FEATURES[1]!]} />);
    expect(screen.getByRole('img', { name: 'Map of Munich with 2 features' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('map-summary').textContent).toBe('2 on the map'));
  });

  it('[FEATURE-02] zoom and pan buttons move the map', async () => {
    serve();
    renderAt(<FeatureMap placeId="p-munich" placeTitle="Munich" />);
    const map = await screen.findByRole('img', { name: 'Map of Munich with 3 features' });
    const countries = screen.getByTestId('map-countries');
    const before = countries.getAttribute('transform');
    within(screen.getByTestId('feature-map')).getByRole('button', { name: 'Zoom in' }).click();
    await vi.waitFor(() => expect(countries.getAttribute('transform')).not.toBe(before));
    const zoomed = countries.getAttribute('transform');
    screen.getByRole('button', { name: 'Pan east' }).click();
    await vi.waitFor(() => expect(countries.getAttribute('transform')).not.toBe(zoomed));
    screen.getByRole('button', { name: 'Fit features' }).click();
    await vi.waitFor(() => expect(countries.getAttribute('transform')).toBe(before));
    expect(map).toBeTruthy();
  });
});
