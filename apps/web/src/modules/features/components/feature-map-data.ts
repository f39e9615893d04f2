import type { Feature } from '../api/search-features.ts';
import { formatNumber } from '../../../lib/format/numbers.ts';

/** What the map needs of a category (the route passes the categories list). */
export interface MapCategory {
  title: string;
  subcategories: readonly string[];
}

/** One legend row: a category title and its colour. */
export interface LegendEntry {
  title: string;
  colour: string;
}

/**
 * Category colours, distinct on the light and the dark basemap and ≥ 3:1 against both (the
 * pins also carry a white or dark outline). In category order; more categories reuse them.
 */
export const CATEGORY_PALETTE = [
  '#d9480f',
  '#1c7ed6',
  '#9c36b5',
  '#2b8a3e',
  '#c2255c',
  '#e67700',
  '#0c8599',
  '#5f3dc4',
  '#a61e4d',
  '#5c940d',
] as const;
export const OTHER_COLOUR = '#64748b';
export const OTHER_CATEGORY = 'Other';
/** FEATURE-02: any model but 'places' is a green dot. */
export const DOT_COLOUR = '#2f9e44';

/** The first of the feature's categories (titles or subcategories) that the list knows, by title. */
export function categoryOf(feature: Pick<Feature, 'categoryId'>, categories: readonly MapCategory[]): string {
  for (const id of feature.categoryId) {
    const lower = id.toLowerCase();
    const found = categories.find(
      (entry) =>
        entry.title.toLowerCase() === lower || entry.subcategories.some((sub) => sub.toLowerCase() === lower),
    );
    if (found) return found.title;
  }
  return OTHER_CATEGORY;
}

/** A colour per category title, in the list's order; unknown ones are grey. */
export function categoryColours(categories: readonly MapCategory[]): (title: string) => string {
  const colours = new Map(
    categories.map((category, index) => [category.title, CATEGORY_PALETTE[index % CATEGORY_PALETTE.length]!]),
  );
  return (title) => colours.get(title) ?? OTHER_COLOUR;
}

export interface PointProperties {
  id: string;
  title: string;
  category: string;
  colour: string;
  /** 'pin' for model 'places', 'dot' for the others (FEATURE-02). */
  marker: 'pin' | 'dot';
}

export interface PointCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    properties: PointProperties;
    geometry: { type: 'Point'; coordinates: [number, number] };
  }[];
}

const validPosition = (c: Feature['coordinates']): c is { lat: number; lng: number } =>
  c !== null &&
  Number.isFinite(c.lat) &&
  Number.isFinite(c.lng) &&
  Math.abs(c.lat) <= 90 &&
  Math.abs(c.lng) <= 180;

/** The features with a position, as GeoJSON points coloured by category (one per feature id). */
export function toPointCollection(
  features: readonly Pick<Feature, '_id' | 'title' | 'categoryId' | 'model' | 'coordinates'>[],
  categories: readonly MapCategory[],
): PointCollection {
  const colourOf = categoryColours(categories);
  const seen = new Set<string>();
  const points: PointCollection['features'] = [];
  for (const feature of features) {
    if (seen.has(feature._id) || !validPosition(feature.coordinates)) continue;
    seen.add(feature._id);
    const category = categoryOf(feature, categories);
    const marker = feature.model === 'places' ? 'pin' : 'dot';
    points.push({
      type: 'Feature',
      id: points.length,
      properties: {
        id: feature._id,
        title: feature.title,
        category,
        colour: marker === 'dot' ? DOT_COLOUR : colourOf(category),
        marker,
      },
      geometry: { type: 'Point', coordinates: [feature.coordinates.lng, feature.coordinates.lat] },
    });
  }
  return { type: 'FeatureCollection', features: points };
}

/** The legend: the categories of the pins on the map, in the list's order, then 'Other'. */
export function legendOf(points: PointCollection, categories: readonly MapCategory[]): LegendEntry[] {
  const shown = new Set(
    points.features.filter((f) => f.properties.marker === 'pin').map((f) => f.properties.category),
  );
  const colourOf = categoryColours(categories);
  const entries = categories
    .filter((category) => shown.has(category.title))
    .map((category) => ({ title: category.title, colour: colourOf(category.title) }));
  if (shown.has(OTHER_CATEGORY)) entries.push({ title: OTHER_CATEGORY, colour: OTHER_COLOUR });
  return entries;
}

/**
 * The map's summary: '1 feature on the map', '24 features on the map', or, when the answer was cut
 * at its cap, 'The first 5,000 of 7,312 features are on the map'.
 */
export function mapSummaryText(count: number, answered: number, total: number): string {
  if (total > answered) {
    return `The first ${formatNumber(count)} of ${formatNumber(total)} features are on the map`;
  }
  return `${formatNumber(count)} ${count === 1 ? 'feature' : 'features'} on the map`;
}
