import { gunzipSync } from 'node:zlib';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { openTestDatabase } from '../../../test/helpers/test-database.ts';
import type { Database } from '../../db/client.ts';
import { placeMinZoom, ringAreaKm2, packPolygons, unpackPolygons } from './maps-basemap-sources.ts';
import { createBasemapTiler } from './maps-tiler.ts';

interface Style {
  glyphs?: string;
  sources: Record<
    string,
    { type: string; tiles?: string[]; data?: string; maxzoom?: number; attribution?: string }
  >;
  layers: {
    id: string;
    type: string;
    source?: string;
    'source-layer'?: string;
    layout?: Record<string, unknown>;
  }[];
}

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp({ MAP_STYLE_URL: 'builtin' }, { database });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** The tile (z, x, y) holding a point, as slippy-map tiles are numbered. */
function tileAt(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x, y, z };
}

/** The point's position inside its tile, in the tile's 0..extent coordinates. */
function inTile(lon: number, lat: number, z: number, extent: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const fx = ((lon + 180) / 360) * n;
  const fy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return { x: (fx - Math.floor(fx)) * extent, y: (fy - Math.floor(fy)) * extent };
}

/** Even-odd: whether any of the features' rings contain the point. */
function covers(features: VectorTileFeature[], point: { x: number; y: number }): boolean {
  let inside = false;
  for (const feature of features) {
    for (const ring of feature.loadGeometry()) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const a = ring[i];
        const b = ring[j];
        if (!a || !b) continue;
        if (
          a.y > point.y !== b.y > point.y &&
          point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x
        ) {
          inside = !inside;
        }
      }
    }
  }
  return inside;
}

async function readTile(lon: number, lat: number, z: number) {
  const { x, y } = tileAt(lon, lat, z);
  const res = await get(`/api/maps/basemap/${z}/${x}/${y}`, { 'accept-encoding': 'gzip' });
  expect(res.statusCode, `${z}/${x}/${y}`).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  const tile = new VectorTile(new PbfReader(gunzipSync(res.rawPayload)));
  const features = (name: string) => {
    const layer = tile.layers[name];
    return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i)) : [];
  };
  return { tile, features, extent: tile.layers.land?.extent ?? 4096 };
}

describe('the built-in basemap (decision 043)', () => {
  it('[MAP-22] its style reads our own vector tiles and fonts, credits Natural Earth, OpenStreetMap and GeoNames, and labels towns', async () => {
    const style = (await get('/api/maps/style.json')).json<Style>();
    expect(style.glyphs).toBe('/api/maps/fonts/{fontstack}/{range}');
    expect(style.sources.basemap).toMatchObject({
      type: 'vector',
      tiles: ['/api/maps/basemap/{z}/{x}/{y}'],
      maxzoom: 12,
    });
    expect(style.sources.basemap?.attribution).toBe(
      '© Natural Earth, © OpenStreetMap contributors, © GeoNames',
    );
    expect(style.layers.map((layer) => layer['source-layer']).filter(Boolean)).toEqual(
      expect.arrayContaining(['land', 'lakes', 'rivers', 'borders', 'places']),
    );
    const places = style.layers.find((layer) => layer.id === 'places');
    expect(places?.type).toBe('symbol');
    expect(places?.layout?.['text-font']).toEqual(['Noto Sans Regular']);
    // Nothing from another host: every address is this server's.
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\//);
  });

  it("[MAP-23] Lisbon's sights lie on 1:10m land, the Tagus is water, and the city is labelled from zoom 3", async () => {
    const z = 10;
    const { features, extent } = await readTile(-9.1393, 38.7139, z);
    // São Jorge castle, the Gulbenkian and the Jerónimos monastery: on land at 1:10m (at 1:50m all
    // three lay in the water, with 42 of Lisbon's 49 sights).
    for (const [lon, lat] of [
      [-9.1334, 38.7139],
      [-9.1544, 38.7372],
      [-9.2065, 38.6979],
    ] as const) {
      expect(covers(features('land'), inTile(lon, lat, z, extent)), `${lon} ${lat}`).toBe(true);
    }
    // The Tagus estuary (Mar da Palha): water, outside the land or a river surface on it.
    const tagus = inTile(-9.05, 38.72, z, extent);
    expect(!covers(features('land'), tagus) || covers(features('rivers'), tagus)).toBe(true);
    const names = features('places').map((feature) => feature.properties.name);
    expect(names).toContain('Lisbon');
    const world = await readTile(-9.1393, 38.7139, 3);
    const worldPlaces = world.features('places').map((feature) => feature.properties);
    expect(worldPlaces.map((place) => place.name)).toContain('Lisbon');
    // A zoom-3 tile names capitals and cities of two million or more, nothing smaller.
    for (const place of worldPlaces) expect(Number(place.min)).toBeLessThanOrEqual(3);
  }, 120_000);

  it('[MAP-23] an empty tile is a 204, a client without gzip gets the tile inflated, and tiles are cached for a week', async () => {
    const ocean = tileAt(-140, -30, 10);
    const empty = await get(`/api/maps/basemap/10/${ocean.x}/${ocean.y}`);
    expect(empty.statusCode).toBe(204);
    const lisbon = tileAt(-9.14, 38.71, 8);
    const zipped = await get(`/api/maps/basemap/8/${lisbon.x}/${lisbon.y}`, { 'accept-encoding': 'gzip' });
    const plain = await get(`/api/maps/basemap/8/${lisbon.x}/${lisbon.y}`, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(plain.headers['cache-control']).toMatch(/public, max-age=604800/);
  }, 120_000);

  it('[MAP-23] a tile outside the pyramid is a 400 naming what is wrong', async () => {
    const deep = await get('/api/maps/basemap/13/0/0');
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ message: string }>().message).toMatch(/z/);
    const wide = await get('/api/maps/basemap/2/4/0');
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ message: string }>().message).toMatch(/below 2 to the power of z/);
    expect((await get('/api/maps/basemap/2/a/0')).statusCode).toBe(400);
  });

  it('[MAP-24] serves signed-distance glyphs of Noto Sans for Latin and Cyrillic, as MapLibre reads them', async () => {
    const read = async (font: string, range: string) => {
      const res = await get(`/api/maps/fonts/${encodeURIComponent(font)}/${range}`);
      expect(res.statusCode, `${font} ${range}`).toBe(200);
      expect(res.headers['cache-control']).toMatch(/public, max-age=604800/);
      return glyphsOf(res.rawPayload);
    };
    const latin = await read('Noto Sans Regular,Arial Unicode MS Regular', '0-255');
    const capitalA = latin.get(65);
    expect(capitalA?.width).toBeGreaterThan(10);
    expect(capitalA?.height).toBeGreaterThan(12);
    expect(capitalA?.bitmap.length).toBe(((capitalA?.width ?? 0) + 6) * ((capitalA?.height ?? 0) + 6));
    expect(latin.get(32)).toMatchObject({ width: 0, height: 0 });
    expect(latin.get(32)?.advance).toBeGreaterThan(3);
    // The vertical stroke of "l": inside the edge (above 191) in its middle, far outside at the border.
    const l = latin.get(108);
    if (!l) throw new Error('no glyph for l');
    const columns = l.width + 6;
    const middle = Math.floor((l.height + 6) / 2) * columns + Math.floor(columns / 2);
    expect(l.bitmap[middle]).toBeGreaterThan(191);
    expect(l.bitmap[0]).toBeLessThan(100);
    const cyrillic = await read('Noto Sans Bold', '1024-1279');
    expect(cyrillic.get(0x416)?.width).toBeGreaterThan(10);
  }, 60_000);

  it('[MAP-24] an unknown font is a 404 naming it; a range not on a 256 boundary is a 400', async () => {
    const unknown = await get('/api/maps/fonts/Comic%20Sans/0-255');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toMatch(/Comic Sans/);
    expect((await get('/api/maps/fonts/Noto%20Sans%20Regular/10-265')).statusCode).toBe(400);
    expect((await get('/api/maps/fonts/Noto%20Sans%20Regular/0-300')).statusCode).toBe(400);
    expect((await get('/api/maps/fonts/Noto%20Sans%20Regular/a-b')).statusCode).toBe(400);
  });
});

describe('the basemap tiler', () => {
  it('[MAP-25] stops its worker when idle and starts it again on the next request', async () => {
    const tiler = createBasemapTiler({ idleMs: 1 });
    try {
      const first = await tiler.glyphs('Noto Sans Regular', 0);
      expect(first.length).toBeGreaterThan(1000);
      await expect.poll(() => tiler.running()).toBe(false);
      // Answered from this thread's cache: no worker needed.
      expect((await tiler.glyphs('Noto Sans Regular', 0)).length).toBe(first.length);
      expect(tiler.running()).toBe(false);
      const cyrillic = await tiler.glyphs('Noto Sans Regular', 1024);
      expect(cyrillic.length).toBeGreaterThan(1000);
    } finally {
      await tiler.close();
    }
  }, 60_000);

  it('[MAP-25] leaves out ponds, keeps the shape of what it keeps, and labels towns by size', () => {
    // A square of 0.01° at the equator: about 1.24 km².
    const square = [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [0, 0],
    ];
    expect(ringAreaKm2(square)).toBeCloseTo(1.24, 1);
    const polygons = [[square], [square, square.map(([x = 0, y = 0]) => [x / 2, y / 2])]];
    const { shape, points } = packPolygons(polygons);
    const back = unpackPolygons(shape, points);
    expect(back.length).toBe(2);
    expect(back[1]?.[1]?.[2]?.[0]).toBeCloseTo(0.005, 6);
    expect(placeMinZoom({ population: 500, featureCode: 'PPLC' })).toBe(3);
    expect(placeMinZoom({ population: 600_000, featureCode: 'PPL' })).toBe(5);
    expect(placeMinZoom({ population: 3_000, featureCode: 'PPL' })).toBe(12);
  });
});

interface Glyph {
  id: number;
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** A glyph PBF read as MapLibre reads it (style/parse_glyph_pbf.ts). */
function glyphsOf(bytes: Uint8Array): Map<number, Glyph> {
  const glyphs = new Map<number, Glyph>();
  new PbfReader(bytes).readFields((tag: number, _: unknown, pbf: PbfReader) => {
    if (tag !== 1) return;
    pbf.readMessage((stackTag: number, __: unknown, stack: PbfReader) => {
      if (stackTag !== 3) return;
      const glyph = stack.readMessage(
        (glyphTag: number, g: Glyph, p: PbfReader) => {
          if (glyphTag === 1) g.id = p.readVarint();
          else if (glyphTag === 2) g.bitmap = p.readBytes();
          else if (glyphTag === 3) g.width = p.readVarint();
          else if (glyphTag === 4) g.height = p.readVarint();
          else if (glyphTag === 5) g.left = p.readSVarint();
          else if (glyphTag === 6) g.top = p.readSVarint();
          else if (glyphTag === 7) g.advance = p.readVarint();
        },
        { id: 0, bitmap: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0, advance: 0 },
      );
      glyphs.set(glyph.id, glyph);
    }, null);
  }, null);
  return glyphs;
}
