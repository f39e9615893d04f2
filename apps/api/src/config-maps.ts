import { resolve } from 'node:path';

/** The map variables as config.ts has read and checked them. */
export interface MapsEnv {
  MAP_STYLE_URL?: string | undefined;
  MAP_STYLE_DARK_URL?: string | undefined;
  MAP_PMTILES?: string | undefined;
  MAP_GLYPHS_URL?: string | undefined;
}

export interface MapsConfig {
  /**
   * The street map's MapLibre style the browser loads first (OpenFreeMap's by default, or
   * MAP_STYLE_URL's); undefined: the bundled basemap only (MAP_STYLE_URL=builtin, MAP_PMTILES).
   */
  styleUrl: string | undefined;
  /** MAP_STYLE_DARK_URL: its dark variant (MAP_STYLE_URL serves both themes without it). */
  styleDarkUrl: string | undefined;
  /** MAP_PMTILES: the absolute path of a Protomaps .pmtiles extract served at /api/maps/tiles.pmtiles. */
  pmtilesPath: string | undefined;
  /** MAP_GLYPHS_URL: font glyphs for the labels of the PMTiles basemap (no labels without it). */
  glyphsUrl: string | undefined;
}

/** OpenFreeMap's styles (keyless, OpenStreetMap data): the browser's default street map. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const DEFAULT_MAP_STYLE_DARK_URL = 'https://tiles.openfreemap.org/styles/dark';

/**
 * The basemap's settings: MAP_STYLE_URL (and its dark variant) when set to a URL; none with
 * MAP_STYLE_URL=builtin or a MAP_PMTILES extract of one's own; OpenFreeMap's styles otherwise.
 */
export function mapsConfigOf(env: MapsEnv): MapsConfig {
  const own = env.MAP_STYLE_URL === 'builtin' ? undefined : env.MAP_STYLE_URL;
  const street = env.MAP_STYLE_URL === undefined && !env.MAP_PMTILES;
  return {
    styleUrl: street ? DEFAULT_MAP_STYLE_URL : own,
    styleDarkUrl: street ? DEFAULT_MAP_STYLE_DARK_URL : own ? env.MAP_STYLE_DARK_URL : undefined,
    pmtilesPath: env.MAP_PMTILES ? resolve(env.MAP_PMTILES) : undefined,
    glyphsUrl: env.MAP_GLYPHS_URL,
  };
}
