import {
  BASEMAP_MAX_ZOOM,
  GEONAMES_ATTRIBUTION,
  type MapStyle,
  type MapTheme,
  NATURAL_EARTH_ATTRIBUTION,
  OPENSTREETMAP_ATTRIBUTION,
} from '@tripcrew/contracts/maps';

/** Where the bundled data, the built-in tiles and fonts and the PMTiles archive are served (root-relative). */
export const MAP_DATA_PATH = '/api/maps/data';
export const MAP_BASEMAP_PATH = '/api/maps/basemap';
export const MAP_FONTS_PATH = '/api/maps/fonts';
export const MAP_TILES_PATH = '/api/maps/tiles.pmtiles';

/** The glyphs of the built-in basemap's labels, as a style's `glyphs` template. */
export const BUILTIN_GLYPHS = `${MAP_FONTS_PATH}/{fontstack}/{range}`;

/** The basemap's colours per theme. */
export const BASEMAP_COLOURS: Record<
  MapTheme,
  { water: string; land: string; border: string; coast: string; label: string; halo: string }
> = {
  light: {
    water: '#cfe3ef',
    land: '#f6f2e8',
    border: '#b9ad97',
    coast: '#9fbfd3',
    label: '#4a4237',
    halo: '#f6f2e8',
  },
  dark: {
    water: '#0b1724',
    land: '#1f2a37',
    border: '#4b5b6e',
    coast: '#28425a',
    label: '#c9d3df',
    halo: '#1f2a37',
  },
};

/**
 * The built-in basemap (decision 043): vector tiles this server cuts from Natural Earth 1:10m land
 * and borders, OpenStreetMap lakes and river surfaces and GeoNames towns with their names, and
 * fonts it draws itself; nothing comes from another host. The 1:50m land, bundled as GeoJSON,
 * shows the world while the first tiles are cut and when they are not cached offline.
 */
export function defaultStyle(theme: MapTheme): MapStyle {
  const colours = BASEMAP_COLOURS[theme];
  const layer = (id: string, type: string, sourceLayer: string, rest: Record<string, unknown>) => ({
    id,
    type,
    source: 'basemap',
    'source-layer': sourceLayer,
    ...rest,
  });
  return {
    version: 8,
    name: `Tripcrew ${theme}`,
    glyphs: BUILTIN_GLYPHS,
    sources: {
      coarse: {
        type: 'geojson',
        data: `${MAP_DATA_PATH}/land.geojson`,
        attribution: NATURAL_EARTH_ATTRIBUTION,
        maxzoom: 6,
        tolerance: 0.5,
      },
      basemap: {
        type: 'vector',
        tiles: [`${MAP_BASEMAP_PATH}/{z}/{x}/{y}`],
        minzoom: 0,
        maxzoom: BASEMAP_MAX_ZOOM,
        attribution: `${NATURAL_EARTH_ATTRIBUTION}, ${OPENSTREETMAP_ATTRIBUTION}, ${GEONAMES_ATTRIBUTION}`,
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      {
        id: 'land-coarse',
        type: 'fill',
        source: 'coarse',
        maxzoom: 6,
        paint: { 'fill-color': colours.land },
      },
      layer('land', 'fill', 'land', { paint: { 'fill-color': colours.land } }),
      layer('lakes', 'fill', 'lakes', { paint: { 'fill-color': colours.water } }),
      layer('rivers', 'fill', 'rivers', { paint: { 'fill-color': colours.water } }),
      layer('coast', 'line', 'land', {
        paint: {
          'line-color': colours.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      }),
      layer('country-borders', 'line', 'borders', {
        paint: {
          'line-color': colours.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.4],
          'line-dasharray': [3, 2],
        },
      }),
      layer('places', 'symbol', 'places', {
        filter: ['<=', ['get', 'min'], ['zoom']],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['Noto Sans Regular'],
          'text-size': ['interpolate', ['linear'], ['get', 'population'], 2000, 11, 1000000, 15],
          'text-max-width': 8,
          'text-padding': 4,
          // The larger town wins where two labels would overlap.
          'symbol-sort-key': ['-', 0, ['get', 'population']],
        },
        paint: {
          'text-color': colours.label,
          'text-halo-color': colours.halo,
          'text-halo-width': 1.4,
        },
      }),
    ],
  };
}

/** A style layer as @protomaps/basemaps gives them. */
export interface BasemapLayer {
  id: string;
  type: string;
  [key: string]: unknown;
}

/**
 * The PMTiles basemap (MAP_PMTILES): a Protomaps vector source read by the web app's pmtiles://
 * protocol with range requests, labelled with MAP_GLYPHS_URL's fonts or else the built-in ones.
 */
export function pmtilesStyle(
  theme: MapTheme,
  options: { glyphsUrl: string | undefined; layers: (source: string, theme: MapTheme) => BasemapLayer[] },
): MapStyle {
  return {
    version: 8,
    name: `Tripcrew ${theme} (Protomaps)`,
    glyphs: options.glyphsUrl ?? BUILTIN_GLYPHS,
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${MAP_TILES_PATH}`,
        attribution: `${OPENSTREETMAP_ATTRIBUTION}, ${NATURAL_EARTH_ATTRIBUTION}`,
      },
    },
    layers: options.layers('protomaps', theme),
  };
}
