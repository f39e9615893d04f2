import { PLACE_LOOKUP_MAX_RESULTS, type PlaceCandidate } from '@tripcrew/contracts/place-lookup';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/**
 * A client of a geocoder (GEOCODER_URL), Photon or Nominatim (GEOCODER_API):
 *
 * - Photon: GET {base}/api?q=&limit=[&lat=&lon=] and GET {base}/reverse?lat=&lon=, answering a
 *   GeoJSON FeatureCollection (geometry.coordinates [lon, lat]; properties name, street,
 *   housenumber, postcode, city, country, osm_key, osm_value, type).
 * - Nominatim: GET {base}/search?q=&format=jsonv2&limit=&addressdetails=1[&viewbox=&bounded=0] and
 *   GET {base}/reverse?lat=&lon=&format=jsonv2&addressdetails=1, answering places with lat/lon as
 *   strings, name, display_name, category, type and address (road, house_number, postcode, city
 *   or town or village, country); a reverse that finds nothing answers {"error": "..."}.
 *
 * Names come in English where the geocoder has them (Accept-Language: en: Photon falls back to the
 * local name for a language its import lacks, where `lang=en` would be refused). Every request
 * names Tripcrew in its User-Agent (Nominatim's usage policy asks for it).
 * Every failure (network, status, timeout, a body over the cap, bad JSON, an unexpected shape)
 * answers null, never throws; a hit out of range or without any name is dropped. Answers are
 * cached in memory per query (and rounded point); failures are not cached.
 */

export type GeocoderApi = 'photon' | 'nominatim';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocoderClient {
  /** Places matching q (near `near` first when given); null when the geocoder failed. */
  search(q: string, near?: LatLng): Promise<PlaceCandidate[] | null>;
  /** What is at the point, nearest first ([] when nothing); null when the geocoder failed. */
  reverse(point: LatLng): Promise<PlaceCandidate[] | null>;
}

export interface GeocoderClientOptions {
  baseUrl: string;
  api: GeocoderApi;
  /** The User-Agent of every request (e.g. "Tripcrew/1.0 (https://trips.example.com)"). */
  userAgent?: string;
  /** Hits asked for per search. */
  limit?: number;
  /** Per request, ms. */
  timeoutMs?: number;
  /** Answers cached at most. */
  cacheSize?: number;
  /** How long a cached answer is used, ms. */
  cacheTtlMs?: number;
  /** Larger answers are refused, bytes. */
  maxBodyBytes?: number;
  fetch?: typeof globalThis.fetch;
  /** Where a failure is reported (its reason; the caller only sees null). */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

export const GEOCODER_TIMEOUT_MS = 3_000;
export const GEOCODER_CACHE_SIZE = 2_000;
export const GEOCODER_CACHE_TTL_MS = 6 * 60 * 60 * 1000;
/** Ten hits with their addresses are a few kilobytes; this leaves room for verbose servers. */
export const GEOCODER_MAX_BODY_BYTES = 512 * 1024;
/** Nominatim's viewbox around a point to search near: ±0.25° (about 25 km), a bias, not a filter. */
const NEAR_BOX_DEGREES = 0.25;

class GeocoderFailure extends Error {}

/** A text field: a non-empty string, or undefined (a wrong type is ignored, not a failed answer). */
const text = z
  .string()
  .transform((value) => value.trim() || undefined)
  .optional()
  .catch(undefined);

const photonAnswerSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });
const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z
    .object({
      name: text,
      street: text,
      housenumber: text,
      postcode: text,
      city: text,
      country: text,
      osm_key: text,
      osm_value: text,
      type: text,
    })
    .catch({}),
});

/** Nominatim writes coordinates as decimal strings ("38.7069000"). */
const decimal = z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number()]).transform(Number);
const nominatimPlaceSchema = z.object({
  lat: decimal,
  lon: decimal,
  name: text,
  display_name: text,
  category: text,
  type: text,
  address: z.record(z.string(), z.unknown()).catch({}),
});
const nominatimNothingSchema = z.object({ error: z.unknown() });

interface Hit {
  lat: number;
  lng: number;
  name: string | undefined;
  street: string | undefined;
  housenumber: string | undefined;
  postcode: string | undefined;
  city: string | undefined;
  country: string | undefined;
  kind: string | undefined;
  /** A name to fall back on when the hit has neither a name nor an address (Nominatim's label). */
  label?: string | undefined;
}

/** "street number, postcode city, country" from what is present ('' when nothing is). */
export function formatAddress(
  hit: Partial<Pick<Hit, 'street' | 'housenumber' | 'postcode' | 'city' | 'country'>>,
) {
  const street = hit.street ? [hit.street, hit.housenumber].filter(Boolean).join(' ') : undefined;
  const town = [hit.postcode, hit.city].filter(Boolean).join(' ');
  return [street, town, hit.country].filter(Boolean).join(', ');
}

const inRange = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The candidate of a hit, or undefined when its point is out of range or it has no name at all. */
function toCandidate(hit: Hit): PlaceCandidate | undefined {
  if (!inRange(hit.lat, hit.lng)) return undefined;
  const address = formatAddress(hit);
  const name = hit.name ?? (address.split(', ')[0] || hit.label?.split(',')[0]?.trim());
  if (!name) return undefined;
  return {
    name,
    address,
    coordinates: { lat: hit.lat, lng: hit.lng },
    source: 'geocoder',
    kind: hit.kind ?? null,
  };
}

/** The tag value as a kind; a bare "yes" (building=yes) says less than its key. */
const kindOf = (key: string | undefined, value: string | undefined) =>
  value === 'yes' ? key : (value ?? key);

function photonHits(body: unknown): Hit[] {
  const answer = photonAnswerSchema.safeParse(body);
  if (!answer.success) throw new GeocoderFailure('unexpected answer');
  return answer.data.features.flatMap((feature) => {
    const parsed = photonFeatureSchema.safeParse(feature);
    if (!parsed.success) return [];
    const [lng, lat] = parsed.data.geometry.coordinates;
    const p = parsed.data.properties;
    const hit: Hit = {
      lat,
      lng,
      name: p.name,
      street: p.street,
      housenumber: p.housenumber,
      postcode: p.postcode,
      city: p.city,
      country: p.country,
      kind: kindOf(p.osm_key, p.osm_value) ?? p.type,
    };
    return [hit];
  });
}

const firstText = (address: Record<string, unknown>, keys: string[]) =>
  keys.map((key) => address[key]).find((value): value is string => typeof value === 'string' && value !== '');

function nominatimHit(place: z.infer<typeof nominatimPlaceSchema>): Hit {
  const a = place.address;
  return {
    lat: place.lat,
    lng: place.lon,
    name: place.name,
    street: firstText(a, ['road', 'pedestrian', 'footway', 'square']),
    housenumber: firstText(a, ['house_number']),
    postcode: firstText(a, ['postcode']),
    city: firstText(a, ['city', 'town', 'village', 'municipality', 'hamlet']),
    country: firstText(a, ['country']),
    kind: kindOf(place.category, place.type),
    label: place.display_name,
  };
}

function nominatimHits(body: unknown, reverse: boolean): Hit[] {
  if (reverse) {
    if (nominatimNothingSchema.safeParse(body).success) return [];
    const place = nominatimPlaceSchema.safeParse(body);
    if (!place.success) throw new GeocoderFailure('unexpected answer');
    return [nominatimHit(place.data)];
  }
  if (!Array.isArray(body)) throw new GeocoderFailure('unexpected answer');
  return body.flatMap((item) => {
    const place = nominatimPlaceSchema.safeParse(item);
    return place.success ? [nominatimHit(place.data)] : [];
  });
}

/** The body as text, or a failure once it is larger than `max` bytes (read no further). */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max || !res.body) {
    await res.body?.cancel();
    if (declared > max) throw new GeocoderFailure(`body over ${max} bytes`);
    return '';
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new GeocoderFailure(`body over ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const fixed = (n: number, digits: number) => n.toFixed(digits);
const clamp = (n: number, limit: number) => Math.min(limit, Math.max(-limit, n));

export function createGeocoderClient(options: GeocoderClientOptions): GeocoderClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const { api } = options;
  const limit = options.limit ?? PLACE_LOOKUP_MAX_RESULTS;
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? GEOCODER_MAX_BODY_BYTES;
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers = {
    accept: 'application/json',
    'accept-language': 'en',
    'user-agent': options.userAgent ?? 'Tripcrew',
  };
  const cache = new LRUCache<string, PlaceCandidate[]>({
    max: options.cacheSize ?? GEOCODER_CACHE_SIZE,
    ttl: options.cacheTtlMs ?? GEOCODER_CACHE_TTL_MS,
  });

  async function request(path: string, params: URLSearchParams, reverse: boolean) {
    try {
      const res = await doFetch(`${base}${path}?${params}`, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw new GeocoderFailure(`status ${res.status}`);
      }
      const body: unknown = JSON.parse(await readCapped(res, maxBodyBytes));
      const hits = api === 'photon' ? photonHits(body) : nominatimHits(body, reverse);
      return hits.flatMap((hit) => toCandidate(hit) ?? []);
    } catch (error) {
      // Network error, abort/timeout, bad JSON, an unexpected answer: the lookup goes on without it.
      const reason = error instanceof Error ? error.message : String(error);
      options.log?.warn({ geocoder: api, path, reason }, 'geocoder request failed');
      return null;
    }
  }

  async function cached(key: string, path: string, params: URLSearchParams, reverse: boolean) {
    const hit = cache.get(key);
    if (hit) return hit;
    const answer = await request(path, params, reverse);
    if (answer) cache.set(key, answer);
    return answer;
  }

  return {
    async search(q, near) {
      const words = q.trim().replace(/\s+/g, ' ');
      // The bias needs no precision: rounded to 0.01° (about 1 km), nearby searches share answers.
      const point = near ? { lat: fixed(near.lat, 2), lng: fixed(near.lng, 2) } : undefined;
      const key = `search:${words.toLowerCase()}:${point ? `${point.lat},${point.lng}` : ''}`;
      const params = new URLSearchParams({ q: words, limit: String(limit) });
      if (api === 'photon') {
        if (point) {
          params.set('lat', point.lat);
          params.set('lon', point.lng);
        }
        return cached(key, '/api', params, false);
      }
      params.set('format', 'jsonv2');
      params.set('addressdetails', '1');
      if (point) {
        const [lat, lng] = [Number(point.lat), Number(point.lng)];
        // Two corners, x (longitude) then y (latitude) each.
        const box = [
          clamp(lng - NEAR_BOX_DEGREES, 180),
          clamp(lat + NEAR_BOX_DEGREES, 90),
          clamp(lng + NEAR_BOX_DEGREES, 180),
          clamp(lat - NEAR_BOX_DEGREES, 90),
        ];
        params.set('viewbox', box.map((n) => fixed(n, 2)).join(','));
        params.set('bounded', '0');
      }
      return cached(key, '/search', params, false);
    },

    async reverse(point) {
      const lat = fixed(point.lat, 5);
      const lng = fixed(point.lng, 5);
      const params = new URLSearchParams({ lat, lon: lng });
      if (api === 'nominatim') {
        params.set('format', 'jsonv2');
        params.set('addressdetails', '1');
      }
      return cached(`reverse:${lat},${lng}`, '/reverse', params, true);
    },
  };
}
