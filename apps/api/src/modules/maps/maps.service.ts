import { type MapDataSet, mapStyleSchema, type MapTheme } from '@tripcrew/contracts/maps';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { MapsConfig } from '../../config.ts';
import { type CachedJson, encodeJson } from '../../platform/http-cache.ts';
import { createMapDataCache, type MapDataBody } from './maps-data.ts';
import { type BasemapLayer, defaultStyle, pmtilesStyle } from './maps-style.ts';
import { basemapFont } from './maps-glyphs.ts';
import { createBasemapTiler } from './maps-tiler.ts';
import { answerTiles, type TilesAnswer } from './maps-tiles.ts';

/** The style to answer: ours (cached bytes with an ETag) or the configured one's address. */
export type StyleAnswer = { kind: 'style'; style: CachedJson<unknown> } | { kind: 'redirect'; url: string };

export interface MapsService {
  /** The style of `theme`; `builtin` asks for the bundled one whatever is configured. */
  style(theme: MapTheme, builtin?: boolean): Promise<StyleAnswer>;
  data(name: MapDataSet): MapDataBody;
  tiles(headers: { range?: string; ifNoneMatch?: string }): Promise<TilesAnswer>;
  /** A gzipped vector tile of the built-in basemap, or null for an empty one. */
  basemapTile(tile: { z: number; x: number; y: number }): Promise<Uint8Array | null>;
  /** Glyphs of the built-in fonts: `fontstack` as MapLibre asks (the first font known), `range` like 0-255. */
  glyphs(fontstack: string, range: string): Promise<Uint8Array>;
  /** Starts cutting tiles ahead of the first map (a server whose maps are all built-in). */
  warm(): void;
  close(): Promise<void>;
}

/**
 * The Protomaps layers, loaded only when MAP_PMTILES is set (nothing to load at boot otherwise);
 * without their sprite: labels stay, icons go (no image is missing on the map).
 */
async function protomapsLayers() {
  const { layers, namedFlavor } = await import('@protomaps/basemaps');
  return (source: string, theme: MapTheme): BasemapLayer[] =>
    (layers(source, namedFlavor(theme), { lang: 'en' }) as unknown as BasemapLayer[]).map((layer) => {
      const layout = layer.layout as Record<string, unknown> | undefined;
      if (!layout || !('icon-image' in layout)) return layer;
      const { 'icon-image': _icon, ...rest } = layout;
      return { ...layer, layout: rest };
    });
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
  const tiler = createBasemapTiler();
  const build = async (theme: MapTheme) =>
    config.pmtilesPath
      ? pmtilesStyle(theme, {
          glyphsUrl: config.glyphsUrl,
          layers: await protomapsLayers(),
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
    basemapTile: ({ z, x, y }) => tiler.tile(z, x, y),
    async glyphs(fontstack, range) {
      const font = basemapFont(fontstack);
      if (!font) throw notFound(`This server has no font named ${fontstack}.`);
      const start = Number(range.split('-')[0]);
      if (!Number.isInteger(start)) throw badRequest('A range is two numbers like 0-255.', 'range');
      return tiler.glyphs(font, start);
    },
    warm() {
      void tiler.tile(0, 0, 0).catch(() => undefined);
    },
    close: () => tiler.close(),
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
