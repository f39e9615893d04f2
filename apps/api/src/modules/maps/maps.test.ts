import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { openTestDatabase } from '../../../test/helpers/test-database.ts';
import type { Database } from '../../db/client.ts';
import { parseRange } from './maps-tiles.ts';

interface Style {
  version: number;
  glyphs?: string;
  sources: Record<string, { type: string; data?: string; url?: string; attribution?: string }>;
  layers: { id: string; type: string; source?: string; paint?: Record<string, unknown> }[];
}

let database: Database;
let plain: TestApp;
let tiled: TestApp;
let styled: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'tripcrew-maps-'));
const archive = join(dir, 'world.pmtiles');
// Any bytes do for range requests: 0, 1, 2, … 255, 0, 1, … (1,000 bytes).
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  writeFileSync(archive, bytes);
  database = await openTestDatabase();
  plain = await createTestApp({}, { database });
  tiled = await createTestApp({ MAP_PMTILES: archive }, { database });
  styled = await createTestApp(
    {
      MAP_STYLE_URL: 'https://tiles.maps.example/styles/liberty',
      MAP_STYLE_DARK_URL: 'https://tiles.maps.example/styles/dark',
    },
    { database },
  );
}, 60_000);

afterAll(async () => {
  await plain?.close();
  await tiled?.close();
  await styled?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/maps/style.json', () => {
  it('[MAP-01] answers a version 8 MapLibre style of our own data, with nothing from another host', async () => {
    const res = await get(plain, '/api/maps/style.json?basemap=builtin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const style = res.json<Style>();
    expect(style.version).toBe(8);
    expect(style.glyphs).toMatch(/^\/api\/maps\/fonts\//);
    expect(style.layers.map((layer) => layer.id)).toEqual(
      expect.arrayContaining(['water', 'land', 'country-borders', 'places']),
    );
    // The 1:50m land shows the world while the first tiles are cut (decision 043).
    expect(style.sources.coarse).toMatchObject({ type: 'geojson', data: '/api/maps/data/land.geojson' });
    expect(style.sources.basemap?.type).toBe('vector');
    for (const source of Object.values(style.sources)) expect(source.attribution).toMatch(/© Natural Earth/);
    for (const layer of style.layers) if (layer.source) expect(style.sources[layer.source]).toBeDefined();
  });

  it('[MAP-01] has a dark variant with other colours, and answers 304 to its own ETag', async () => {
    const light = await get(plain, '/api/maps/style.json?theme=light');
    const dark = await get(plain, '/api/maps/style.json?theme=dark');
    expect(dark.statusCode).toBe(200);
    const water = (res: typeof light) =>
      res.json<Style>().layers.find((layer) => layer.id === 'water')?.paint?.['background-color'];
    expect(water(dark)).toBeDefined();
    expect(water(dark)).not.toBe(water(light));
    expect(dark.headers.etag).not.toBe(light.headers.etag);
    const again = await get(plain, '/api/maps/style.json?theme=dark', {
      'if-none-match': String(dark.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('[MAP-01] refuses an unknown theme with a 400 naming it', async () => {
    const res = await get(plain, '/api/maps/style.json?theme=sepia');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/theme/i);
  });

  it('[MAP-02] with MAP_STYLE_URL set, redirects to it (and to MAP_STYLE_DARK_URL for the dark theme)', async () => {
    const light = await get(styled, '/api/maps/style.json');
    expect(light.statusCode).toBe(302);
    expect(light.headers.location).toBe('https://tiles.maps.example/styles/liberty');
    const dark = await get(styled, '/api/maps/style.json?theme=dark');
    expect(dark.headers.location).toBe('https://tiles.maps.example/styles/dark');
  });

  it("[MAP-17] basemap=builtin answers the bundled basemap even with a street map configured (the browser's fallback)", async () => {
    for (const theme of ['light', 'dark']) {
      const res = await get(styled, `/api/maps/style.json?theme=${theme}&basemap=builtin`);
      expect(res.statusCode, theme).toBe(200);
      expect(res.json<Style>().version).toBe(8);
    }
    expect((await get(styled, '/api/maps/style.json?basemap=street')).statusCode).toBe(400);
  });

  it('[MAP-02] the CSP lets the browser reach the configured style host, and only ours otherwise', async () => {
    const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
    const own = await get(plain, '/api/health');
    expect(csp(own)).toMatch(/connect-src 'self';/);
    expect(csp(own)).toMatch(/worker-src 'self';/);
    const configured = await get(styled, '/api/health');
    expect(csp(configured)).toMatch(/connect-src 'self' https:\/\/tiles\.maps\.example;/);
  });

  it('[MAP-03] with MAP_PMTILES set, the style reads the archive through pmtiles:// with OpenStreetMap attribution, labelled in the built-in fonts and without icons', async () => {
    const res = await get(tiled, '/api/maps/style.json');
    const style = res.json<Style>();
    expect(style.sources.protomaps).toMatchObject({
      type: 'vector',
      url: 'pmtiles:///api/maps/tiles.pmtiles',
    });
    expect(style.sources.protomaps?.attribution).toMatch(/© OpenStreetMap contributors/);
    expect(style.layers.length).toBeGreaterThan(10);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(true);
    expect(style.glyphs).toBe('/api/maps/fonts/{fontstack}/{range}');
    // No sprite is served: no layer asks for an image that would be missing.
    expect(JSON.stringify(style.layers)).not.toMatch(/icon-image/);
  });
});

describe('GET /api/maps/data/*.geojson', () => {
  it('[MAP-04] serves land, countries and borders as GeoJSON with long cache headers, an ETag and a 304', async () => {
    for (const name of ['land', 'countries', 'borders']) {
      const res = await get(plain, `/api/maps/data/${name}.geojson`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      expect(res.headers['cache-control']).toMatch(/public, max-age=604800/);
      const body = res.json<{ type: string; features: { type: string; geometry: { type: string } }[] }>();
      expect(body.type).toBe('FeatureCollection');
      expect(body.features.length).toBeGreaterThan(0);
      const again = await get(plain, `/api/maps/data/${name}.geojson`, {
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, name).toBe(304);
    }
  });

  it('[MAP-04] the countries carry their names, and a gzip client gets the same bytes compressed', async () => {
    const plainBody = await get(plain, '/api/maps/data/countries.geojson');
    const names = plainBody
      .json<{ features: { properties: { name: string } }[] }>()
      .features.map((f) => f.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Portugal', 'Japan', 'Brazil']));
    const zipped = await get(plain, '/api/maps/data/countries.geojson', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plainBody.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plainBody.rawPayload)).toBe(true);
  });
});

describe('GET /api/maps/tiles.pmtiles', () => {
  it('[MAP-05] answers 206 with Content-Range and exactly the bytes asked for', async () => {
    const res = await get(tiled, '/api/maps/tiles.pmtiles', { range: 'bytes=10-19' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBeDefined();
    expect(res.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await get(tiled, '/api/maps/tiles.pmtiles', { range: 'bytes=-5' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 995-999/1000');
    expect(tail.rawPayload.equals(bytes.subarray(995))).toBe(true);
    const open = await get(tiled, '/api/maps/tiles.pmtiles', { range: 'bytes=990-5000' });
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
  });

  it('[MAP-05] answers 416 with the size for a range past the end, 200 with the whole file without a range', async () => {
    const bad = await get(tiled, '/api/maps/tiles.pmtiles', { range: 'bytes=1000-1010' });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */1000');
    expect(bad.json<{ code: string }>().code).toBe('RANGE_NOT_SATISFIABLE');
    const whole = await get(tiled, '/api/maps/tiles.pmtiles');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
  });

  it('[MAP-05] HEAD gives the length and ETag without a body; the archive is never compressed', async () => {
    const head = await tiled.app.inject({ method: 'HEAD', url: '/api/maps/tiles.pmtiles' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers.etag).toBeDefined();
    expect(head.rawPayload.length).toBe(0);
    const zipped = await get(tiled, '/api/maps/tiles.pmtiles', {
      range: 'bytes=0-499',
      'accept-encoding': 'gzip, br',
    });
    expect(zipped.headers['content-encoding']).toBeUndefined();
    expect(zipped.rawPayload.length).toBe(500);
  });

  it('[MAP-05] is a 404 naming MAP_PMTILES when no archive is configured', async () => {
    const res = await get(plain, '/api/maps/tiles.pmtiles', { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/MAP_PMTILES/);
  });

  it('[MAP-05] reads Range headers as RFC 9110 says: malformed or multiple ranges mean the whole file', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange(undefined, 10)).toBeUndefined();
  });
});
