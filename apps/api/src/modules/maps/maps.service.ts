import { type MapDataSet, mapStyleSchema, type MapTheme } from '@tripcrew/contracts/maps';
import type { MapsConfig } from '../../config.ts';
import { type CachedJson, encodeJson } from '../../platform/http-cache.ts';
import { createMapDataCache, type MapDataBody } from './maps-data.ts';
import { type BasemapLayer, defaultStyle, pmtilesStyle } from './maps-style.ts';
import { answerTiles, type TilesAnswer } from './maps-tiles.ts';

/** The style to answer: ours (cached bytes with an ETag) or the configured one's address. */
export type StyleAnswer = { kind: 'style'; style: CachedJson<unknown> } | { kind: 'redirect'; url: string };

export interface MapsService {
  /** The style of `theme`; `builtin` asks for the bundled one whatever is configured. */
  style(theme: MapTheme, builtin?: boolean): Promise<StyleAnswer>;
  data(name: MapDataSet): MapDataBody;
  tiles(headers: { range?: string; ifNoneMatch?: string }): Promise<TilesAnswer>;
}

/** The Protomaps layers, loaded only when MAP_PMTILES is set (nothing to load at boot otherwise). */
async function protomapsLayers(withLabels: boolean) {
  const { layers, namedFlavor } = await import('@protomaps/basemaps');
  return (source: string, theme: MapTheme): BasemapLayer[] =>
    layers(source, namedFlavor(theme), withLabels ? { lang: 'en' } : {}) as unknown as BasemapLayer[];
}

/**
 * The basemap (decisions 021, 039): the street map's style (OpenFreeMap's, or MAP_STYLE_URL's) as
 * a redirect, the browser falling back to ours (`?basemap=builtin`) when it cannot be reached;
 * ours is the Protomaps layers over MAP_PMTILES, else the Natural Earth basemap bundled with the
 * app. Styles are built once.
 */
export function createMapsService(config: MapsConfig): MapsService {
  const styles = new Map<MapTheme, CachedJson<unknown>>();
  const data = createMapDataCache();
  const build = async (theme: MapTheme) =>
    config.pmtilesPath
      ? pmtilesStyle(theme, {
          glyphsUrl: config.glyphsUrl,
          layers: await protomapsLayers(Boolean(config.glyphsUrl)),
        })
      : defaultStyle(theme);
  return {
    async style(theme, builtin = false) {
      if (config.styleUrl && !builtin) {
        return {
          kind: 'redirect',
          url: theme === 'dark' ? (config.styleDarkUrl ?? config.styleUrl) : config.styleUrl,
        };
      }
      let cached = styles.get(theme);
      if (!cached) {
        cached = encodeJson(mapStyleSchema, await build(theme));
        styles.set(theme, cached);
      }
      return { kind: 'style', style: cached };
    },
    data: (name) => data(name),
    tiles: (headers) => answerTiles(config.pmtilesPath, headers),
  };
}

/** The origins the browser must reach for a configured basemap (added to the CSP's connect-src). */
export function mapOrigins(config: MapsConfig): string[] {
  const origins = new Set<string>();
  for (const url of [config.styleUrl, config.styleDarkUrl, config.glyphsUrl]) {
    if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}
