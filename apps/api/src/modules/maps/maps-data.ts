import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { MapDataSet } from '@tripcrew/contracts/maps';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { etagOf } from '../../platform/http-cache.ts';

/** A served data set: its JSON bytes, the same gzipped once, and their strong ETag. */
export interface MapDataBody {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

const require = createRequire(import.meta.url);

/** Natural Earth 1:50m (world-atlas), read from the installed package, never from the network. */
function readTopology(): Topology<{
  countries: GeometryCollection<{ name: string }>;
  land: GeometryCollection;
}> {
  return JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
    land: GeometryCollection;
  }>;
}

/** Three decimals (about 100 m): finer than the 1:50m data, a third of the bytes. */
const rounded = (_key: string, value: unknown) =>
  typeof value === 'number' ? Math.round(value * 1000) / 1000 : value;

/** The GeoJSON of each data set, built from the one topology. */
export function buildMapData(): Record<MapDataSet, unknown> {
  const topology = readTopology();
  const { countries, land } = topology.objects;
  return {
    land: feature(topology, land),
    countries: feature(topology, countries),
    // Borders between two countries only: the coast is drawn from the land.
    borders: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: mesh(topology, countries, (a, b) => a !== b) }],
    },
  };
}

/**
 * The data sets, converted on first use and kept in memory (about 3 MB, 1 MB gzipped): the
 * conversion takes a few hundred milliseconds once, never at boot.
 */
export function createMapDataCache(): (name: MapDataSet) => MapDataBody {
  let cache: Record<MapDataSet, MapDataBody> | undefined;
  return (name) => {
    if (!cache) {
      const data = buildMapData();
      const entries = Object.entries(data).map(([key, value]) => {
        const body = Buffer.from(JSON.stringify(value, rounded), 'utf8');
        return [key, { body, gzip: gzipSync(body, { level: 9 }), etag: etagOf(body) }] as const;
      });
      cache = Object.fromEntries(entries) as Record<MapDataSet, MapDataBody>;
    }
    return cache[name];
  };
}
