import { describe, expect, it } from 'vitest';
import type { Feature } from '../api/search-features.ts';
import {
  CATEGORY_PALETTE,
  categoryColours,
  categoryOf,
  DOT_COLOUR,
  legendOf,
  OTHER_COLOUR,
  toPointCollection,
} from './feature-map-data.ts';
import { fetchAllFeatures, MAP_FEATURE_MAX } from './feature-map-points.ts';

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

  it('[MAP-12] reads every page of the search, in order, at most four at a time, up to the cap', async () => {
    let running = 0;
    let most = 0;
    const asked: number[] = [];
    const total = 230;
    const fetchPage = async ({ skip, limit = 50 }: { skip: number; limit?: number }) => {
      asked.push(skip);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + ((skip / 50) % 3)));
      running -= 1;
      const count = Math.max(0, Math.min(limit, total - skip));
      return { data: Array.from({ length: count }, (_, i) => feature(String(skip + i))), total };
    };
    const all = await fetchAllFeatures('p', [], undefined, fetchPage);
    expect(all.map((f) => f._id)).toEqual(Array.from({ length: total }, (_, i) => String(i)));
    expect(asked.sort((a, b) => a - b)).toEqual([0, 50, 100, 150, 200]);
    expect(most).toBeLessThanOrEqual(4);

    asked.length = 0;
    const huge = async ({ skip }: { skip: number }) => ({ data: [feature(String(skip))], total: 1_000_000 });
    await fetchAllFeatures('p', [], undefined, huge);
    expect(Math.max(...asked)).toBeLessThan(MAP_FEATURE_MAX);
  });
});
