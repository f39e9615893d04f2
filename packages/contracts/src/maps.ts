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

/** The deepest zoom of the built-in basemap's tiles; MapLibre draws deeper zooms from them. */
export const BASEMAP_MAX_ZOOM = 12;

/** GET /maps/basemap/{z}/{x}/{y}: a tile of the built-in basemap (decision 043). */
export const mapTileParamsSchema = z
  .object({
    z: z.coerce.number().int().min(0).max(BASEMAP_MAX_ZOOM),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, {
    message: 'x and y must be below 2 to the power of z',
    path: ['x'],
  });

/** GET /maps/fonts/{fontstack}/{range}: glyphs of 256 code points, e.g. `0-255`, `1024-1279`. */
export const mapGlyphParamsSchema = z.object({
  fontstack: z.string().min(1).max(200),
  range: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'A range is two numbers like 0-255')
    .refine((range) => {
      const [start = -1, end = -1] = range.split('-').map(Number);
      return start % 256 === 0 && end === start + 255 && end <= 65535;
    }, 'A range starts at a multiple of 256 and ends 255 later, up to 65535'),
});

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
export const GEONAMES_ATTRIBUTION = '© GeoNames';
