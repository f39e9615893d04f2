import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { BASEMAP_MAX_ZOOM } from '@tripcrew/contracts/maps';
import GeoJSONVT, { type LegacyFeature } from 'geojson-vt';
import { BASEMAP_LAYERS, type BasemapLayerName, loadBasemapSources } from './maps-basemap-sources.ts';
import { type BasemapFont, glyphRange } from './maps-glyphs.ts';

/** A request to the tiler thread (maps-tiler.ts), answered with the same id. */
export type TilerRequest =
  | { id: number; kind: 'tile'; z: number; x: number; y: number }
  | { id: number; kind: 'glyphs'; font: BasemapFont; start: number };
export type TilerResponse = { id: number; bytes: Uint8Array | null } | { id: number; error: string };

type Indexes = Record<BasemapLayerName, GeoJSONVT>;
type VtTile = Parameters<typeof fromGeojsonVt>[0][string];
let indexes: Indexes | undefined;

function build(): Indexes {
  const sources = loadBasemapSources();
  const entries = BASEMAP_LAYERS.map((name) => [
    name,
    new GeoJSONVT(sources[name], {
      maxZoom: BASEMAP_MAX_ZOOM,
      indexMaxZoom: 3,
      indexMaxPoints: 100_000,
      // Points need no simplification; areas and lines are simplified to about a pixel.
      tolerance: name === 'places' ? 0 : 2,
      extent: 4096,
      buffer: name === 'places' ? 256 : 64,
    }),
  ]);
  return Object.fromEntries(entries) as Indexes;
}

/** One tile's layers as a gzipped Mapbox Vector Tile (v2), or null when it holds nothing. */
function tile(z: number, x: number, y: number): Uint8Array | null {
  indexes ??= build();
  const layers: Record<string, VtTile> = {};
  for (const name of BASEMAP_LAYERS) {
    const found = indexes[name].getTile(z, x, y);
    // A town is in the tiles from the zoom it is labelled at: a world tile holds capitals only.
    if (!found) continue;
    const features: LegacyFeature[] =
      name === 'places' ? found.features.filter((feature) => Number(feature.tags?.min) <= z) : found.features;
    // geojson-vt's tile (features with tags and tile coordinates) is what vt-pbf reads; its types
    // come from MapLibre's fork of geojson-vt, slower and larger here (decision 043).
    if (features.length > 0) layers[name] = { features } as unknown as VtTile;
  }
  if (Object.keys(layers).length === 0) return null;
  return gzipSync(fromGeojsonVt(layers, { version: 2, extent: 4096 }));
}

parentPort?.on('message', (request: TilerRequest) => {
  try {
    const answer =
      request.kind === 'tile'
        ? tile(request.z, request.x, request.y)
        : glyphRange(request.font, request.start);
    // A copy with a buffer of its own: zlib's and pbf's may be shared, and this one is transferred.
    const bytes = answer ? new Uint8Array(answer) : null;
    const response: TilerResponse = { id: request.id, bytes };
    parentPort?.postMessage(response, bytes ? [bytes.buffer as ArrayBuffer] : []);
  } catch (error) {
    const response: TilerResponse = {
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    };
    parentPort?.postMessage(response);
  }
});
