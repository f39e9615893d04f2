import { describe, expect, it, vi } from 'vitest';
import type { Feature } from '../api/search-features.ts';
import {
  CATEGORY_PALETTE,
  categoryColours,
  categoryOf,
  DOT_COLOUR,
  legendOf,
  mapSummaryText,
  OTHER_COLOUR,
  toPointCollection,
} from './feature-map-data.ts';
import { mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { getMapPoints, MAP_POINTS_PATH } from '../api/get-map-points.ts';

const CATEGORIES = [
  { title: 'sights', subcategories: ['castle', 'viewpoint'] },
  { title: 'museums', subcategories: ['art'] },
];

const feature = (id: string, extra: Partial<Feature> = {}): Feature => ({
  _id: id,
  title: `Feature ${id}`,
  address: '',
  description: '',
  rank: null,
  image: { original: '' },
  categoryId: ['castle'],
  model: 'places',
  coordinates: { lat: 38.7, lng: -9.1 },
  placeId: 'p',
  ...extra,
});

describe('the place map data', () => {
  it('[MAP-15] the summary says when the answer was cut at its cap, with the number matched', () => {
    expect(mapSummaryText(1, 1, 1)).toBe('1 feature on the map');
    expect(mapSummaryText(24, 24, 24)).toBe('24 features on the map');
    expect(mapSummaryText(1015, 1015, 1015)).toBe('1,015 features on the map');
    expect(mapSummaryText(5000, 5000, 7312)).toBe('The first 5,000 of 7,312 features are on the map');
    // Points the map could not draw do not make the answer look cut.
    expect(mapSummaryText(23, 24, 24)).toBe('23 features on the map');
  });

  it('[MAP-11] a feature takes the colour of its first known category (title or subcategory), grey when none', () => {
    expect(categoryOf(feature('a', { categoryId: ['Art'] }), CATEGORIES)).toBe('museums');
    expect(categoryOf(feature('a', { categoryId: ['unknown', 'viewpoint'] }), CATEGORIES)).toBe('sights');
    expect(categoryOf(feature('a', { categoryId: [] }), CATEGORIES)).toBe('Other');
    const colourOf = categoryColours(CATEGORIES);
    expect(colourOf('sights')).toBe(CATEGORY_PALETTE[0]);
    expect(colourOf('museums')).toBe(CATEGORY_PALETTE[1]);
    expect(colourOf('Other')).toBe(OTHER_COLOUR);
  });

  it('[MAP-11] points: [lng, lat], one per feature, none without a valid position; pins for places, green dots for the rest', () => {
    const points = toPointCollection(
      [
        feature('a'),
        feature('a'),
        feature('b', { model: 'restaurants', categoryId: ['art'] }),
        feature('c', { coordinates: null }),
        feature('d', { coordinates: { lat: 95, lng: 0 } }),
        feature('e', { categoryId: ['art'] }),
      ],
      CATEGORIES,
    );
    expect(points.features.map((point) => point.properties.id)).toEqual(['a', 'b', 'e']);
    expect(points.features[0]?.geometry.coordinates).toEqual([-9.1, 38.7]);
    expect(points.features.map((point) => point.properties.marker)).toEqual(['pin', 'dot', 'pin']);
    expect(points.features[1]?.properties.colour).toBe(DOT_COLOUR);
    expect(points.features[2]?.properties.colour).toBe(CATEGORY_PALETTE[1]);
    expect(new Set(points.features.map((point) => point.id)).size).toBe(3);
  });

  it("[MAP-11] the legend lists the pins' categories in the list's order, then Other", () => {
    const points = toPointCollection(
      [feature('a', { categoryId: ['art'] }), feature('b', { categoryId: [] }), feature('c')],
      CATEGORIES,
    );
    expect(legendOf(points, CATEGORIES)).toEqual([
      { title: 'sights', colour: CATEGORY_PALETTE[0] },
      { title: 'museums', colour: CATEGORY_PALETTE[1] },
      { title: 'Other', colour: OTHER_COLOUR },
    ]);
    // A category only among the dots is not in the pins' legend.
    const dots = toPointCollection([feature('a', { model: 'shops' })], CATEGORIES);
    expect(legendOf(dots, CATEGORIES)).toEqual([]);
  });

  it("[MAP-12] the map asks its points once, with the page's category filter", async () => {
    const fetch = mockFetch(() =>
      Response.json({
        data: [
          {
            _id: 'a',
            title: 'Belém Tower',
            categoryId: ['castle'],
            model: 'places',
            coordinates: { lat: 38.69, lng: -9.21 },
          },
        ],
        total: 1,
      }),
    );
    try {
      const answer = await getMapPoints('place-1', ['sights', ' ', 'museums']);
      expect(answer.data.map((point) => point._id)).toEqual(['a']);
      expect(fetch.requests).toHaveLength(1);
      expect(fetch.requests[0]?.path).toBe(MAP_POINTS_PATH);
      expect(fetch.requests[0]?.query.get('placeId')).toBe('place-1');
      expect(fetch.requests[0]?.query.get('categories')).toBe('sights,museums');
      const points = toPointCollection(answer.data, CATEGORIES);
      expect(points.features[0]?.properties).toMatchObject({ id: 'a', category: 'sights', marker: 'pin' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
