import {
  type MapStyle,
  type MapTheme,
  NATURAL_EARTH_ATTRIBUTION,
  OPENSTREETMAP_ATTRIBUTION,
} from '@tripcrew/contracts/maps';

/** Where the bundled data and the PMTiles archive are served (root-relative: any host, any proxy). */
export const MAP_DATA_PATH = '/api/maps/data';
export const MAP_TILES_PATH = '/api/maps/tiles.pmtiles';

/** The basemap's colours: water, land, country borders and coast, per theme. */
export const BASEMAP_COLOURS: Record<
  MapTheme,
  { water: string; land: string; border: string; coast: string }
> = {
  light: { water: '#cfe3ef', land: '#f6f2e8', border: '#b9ad97', coast: '#9fbfd3' },
  dark: { water: '#0b1724', land: '#1f2a37', border: '#4b5b6e', coast: '#28425a' },
};

/**
 * The default basemap: Natural Earth land, country borders and coastlines (world-atlas 1:50m),
 * served by this server; no glyphs or sprites, so nothing comes from another host.
 */
export function defaultStyle(theme: MapTheme): MapStyle {
  const colours = BASEMAP_COLOURS[theme];
  const geojson = (name: string) => ({
    type: 'geojson',
    data: `${MAP_DATA_PATH}/${name}.geojson`,
    attribution: NATURAL_EARTH_ATTRIBUTION,
    // Coarse data: fewer, cheaper tiles in the worker.
    maxzoom: 8,
    tolerance: 0.5,
  });
  return {
    version: 8,
    name: `Tripcrew ${theme}`,
    sources: { land: geojson('land'), borders: geojson('borders') },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': colours.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': colours.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.4],
          'line-dasharray': [3, 2],
        },
      },
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
 * protocol with range requests. Labels only when glyphs are configured (MAP_GLYPHS_URL).
 */
export function pmtilesStyle(
  theme: MapTheme,
  options: { glyphsUrl: string | undefined; layers: (source: string, theme: MapTheme) => BasemapLayer[] },
): MapStyle {
  const all = options.layers('protomaps', theme);
  const layers = options.glyphsUrl ? all : all.filter((layer) => layer.type !== 'symbol');
  return {
    version: 8,
    name: `Tripcrew ${theme} (Protomaps)`,
    ...(options.glyphsUrl ? { glyphs: options.glyphsUrl } : {}),
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${MAP_TILES_PATH}`,
        attribution: `${OPENSTREETMAP_ATTRIBUTION}, ${NATURAL_EARTH_ATTRIBUTION}`,
      },
    },
    layers,
  };
}
