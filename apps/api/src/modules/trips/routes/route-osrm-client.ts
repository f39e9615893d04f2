import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { LngLat } from './route-estimates.ts';

/**
 * A client of an OSRM-compatible routing server (ROUTING_URL, decision 022):
 * GET {base}/route/v1/{profile}/{lng,lat;lng,lat}?overview=full&geometries=geojson.
 * Every failure (network, status, timeout, bad JSON, no route) answers null, never throws: the
 * caller then estimates that leg. Answers are cached in memory per pair of stops (coordinates
 * rounded to 5 decimals, about 1 m) and profile; failures are not cached.
 */

export type RoutingProfile = 'foot' | 'driving';

export interface RoutedLeg {
  distanceM: number;
  durationS: number;
  /** [lng, lat] pairs, at most GEOMETRY_MAX_POINTS. */
  geometry: Array<[number, number]>;
}

export interface RoutingClient {
  leg(from: LngLat, to: LngLat, profile: RoutingProfile, signal?: AbortSignal): Promise<RoutedLeg | null>;
}

export interface OsrmClientOptions {
  baseUrl: string;
  /** Per request, ms. */
  timeoutMs?: number;
  /** Cached legs at most. */
  cacheSize?: number;
  /** How long a cached leg is used, ms (roads change slowly). */
  cacheTtlMs?: number;
  fetch?: typeof globalThis.fetch;
}

export const OSRM_TIMEOUT_MS = 3_000;
export const OSRM_CACHE_SIZE = 5_000;
export const OSRM_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** Larger answers are refused (a full-overview route across a country is well below this). */
export const OSRM_MAX_BODY_CHARS = 4_000_000;
/** Geometries are thinned to this many points (enough for a line on a city map). */
export const GEOMETRY_MAX_POINTS = 256;

const osrmAnswerSchema = z.object({
  code: z.literal('Ok'),
  routes: z
    .array(
      z.object({
        distance: z.number().finite().min(0),
        duration: z.number().finite().min(0),
        geometry: z.object({
          type: z.literal('LineString'),
          coordinates: z.array(z.tuple([z.number().finite(), z.number().finite()]).rest(z.number())).min(2),
        }),
      }),
    )
    .min(1),
});

const round5 = (n: number) => n.toFixed(5);
const pairText = (p: LngLat) => `${round5(p.lng)},${round5(p.lat)}`;

/** Keeps the first and last points and evenly spaced ones between, at most `max` in all. */
export function thin(
  points: ReadonlyArray<readonly number[]>,
  max = GEOMETRY_MAX_POINTS,
): Array<[number, number]> {
  const pairs = points.map((p) => [p[0] as number, p[1] as number] as [number, number]);
  if (pairs.length <= max) return pairs;
  const step = (pairs.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => pairs[Math.round(i * step)] as [number, number]);
}

export function createOsrmClient(options: OsrmClientOptions): RoutingClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? OSRM_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const cache = new LRUCache<string, RoutedLeg>({
    max: options.cacheSize ?? OSRM_CACHE_SIZE,
    ttl: options.cacheTtlMs ?? OSRM_CACHE_TTL_MS,
  });

  async function request(path: string, signal: AbortSignal): Promise<RoutedLeg | null> {
    try {
      const res = await doFetch(`${base}${path}`, { signal, headers: { accept: 'application/json' } });
      if (!res.ok) return null;
      const text = await res.text();
      if (text.length > OSRM_MAX_BODY_CHARS) return null;
      const parsed = osrmAnswerSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return null;
      const route = parsed.data.routes[0] as z.infer<typeof osrmAnswerSchema>['routes'][number];
      return {
        distanceM: Math.round(route.distance),
        durationS: Math.round(route.duration),
        geometry: thin(route.geometry.coordinates),
      };
    } catch {
      return null; // network error, abort/timeout, bad JSON
    }
  }

  return {
    async leg(from, to, profile, signal) {
      const key = `${profile}:${pairText(from)};${pairText(to)}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const timeout = AbortSignal.timeout(timeoutMs);
      const path = `/route/v1/${profile}/${pairText(from)};${pairText(to)}?overview=full&geometries=geojson`;
      const leg = await request(path, signal ? AbortSignal.any([signal, timeout]) : timeout);
      if (leg) cache.set(key, leg);
      return leg;
    },
  };
}
