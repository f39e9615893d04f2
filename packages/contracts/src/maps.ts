import { z } from 'zod';

/** The basemap's colour scheme: the web app follows prefers-color-scheme. */
export const mapThemeSchema = z.enum(['light', 'dark']);
export type MapTheme = z.infer<typeof mapThemeSchema>;

/** GET /maps/style.json?theme=light|dark (other query keys, e.g. a cache buster, are ignored). */
export const mapStyleQuerySchema = z.object({
  theme: mapThemeSchema.default('light'),
  /** `builtin`: the bundled basemap even when a street map is configured (the browser's fallback). */
  basemap: z.enum(['builtin']).optional(),
});

/** One MapLibre style layer (the style specification's other keys pass through). */
export const mapStyleLayerSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  source: z.string().optional(),
});

/** A MapLibre style, version 8 (https://maplibre.org/maplibre-style-spec/). */
export const mapStyleSchema = z.looseObject({
  version: z.literal(8),
  name: z.string(),
  sources: z.record(z.string(), z.looseObject({ type: z.string(), attribution: z.string().optional() })),
  layers: z.array(mapStyleLayerSchema),
  glyphs: z.string().optional(),
});
export type MapStyle = z.infer<typeof mapStyleSchema>;

/** A GeoJSON FeatureCollection of the bundled basemap data (Natural Earth). */
export const mapGeoJsonSchema = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(z.looseObject({ type: z.literal('Feature') })),
});

/** The bundled data sets served at /maps/data/{name}.geojson. */
export const MAP_DATA_SETS = ['land', 'countries', 'borders'] as const;
export type MapDataSet = (typeof MAP_DATA_SETS)[number];

export const NATURAL_EARTH_ATTRIBUTION = '© Natural Earth';
export const OPENSTREETMAP_ATTRIBUTION = '© OpenStreetMap contributors';
