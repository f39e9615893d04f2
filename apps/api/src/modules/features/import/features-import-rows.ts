import type { PlacesService } from '../../places/index.ts';
import { timeZoneAt } from '../../places/index.ts';
import { factsOfTags } from './features-import-facts.ts';
import { addressOf, describeFeature, describeTags, mapTags, tagsOf } from './features-import-tags.ts';
import type { FeatureInput } from '../core/features.repository.ts';

/**
 * The features importer's checks (DATA-09): the file must be a GeoJSON FeatureCollection, and each
 * row a Feature with an OSM id, a name, a usable geometry near the place and mappable tags. Pure:
 * a checked row is the feature to write or the reason it is rejected.
 */

/** A place as the places service hands it to other modules. */
export type PlaceRow = Awaited<ReturnType<PlacesService['getPlaceRow']>>;

/** A bad file (not JSON, not a FeatureCollection): the whole import stops with this message. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

export interface RejectedRow {
  /** 1-based position of the row in the file's `features` array. */
  row: number;
  key: string | undefined;
  name: string | undefined;
  reason: string;
}

/** How far a feature may lie from its place's centre before it is rejected, by place type. */
export const MAX_DISTANCE_KM: Record<PlaceRow['type'], number> = { City: 60, Region: 400, Country: 400 };

type Position = [number, number];

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    typeof value[0] === 'number' &&
    typeof value[1] === 'number' &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1])
  );
}

/** Area-weighted centroid of polygons' outer rings (planar; fine at the scale of a building or park). */
function polygonsCentroid(polygons: unknown[]): Position | undefined {
  let area = 0;
  let cx = 0;
  let cy = 0;
  const vertices: Position[] = [];
  for (const polygon of polygons) {
    const ring = Array.isArray(polygon) ? (polygon[0] as unknown) : undefined;
    if (!Array.isArray(ring) || !ring.every(isPosition) || ring.length < 3) return undefined;
    vertices.push(...ring);
    for (let i = 0; i < ring.length; i++) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[(i + 1) % ring.length]!;
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
  }
  if (vertices.length === 0) return undefined;
  if (Math.abs(area) < 1e-12) {
    // Degenerate (a line or a point drawn as a polygon): the mean of its vertices.
    const n = vertices.length;
    return [vertices.reduce((s, v) => s + v[0], 0) / n, vertices.reduce((s, v) => s + v[1], 0) / n];
  }
  return [cx / (3 * area), cy / (3 * area)];
}

/** Longitude/latitude of a Point, or the centroid of a Polygon or MultiPolygon. */
export function pointOf(geometry: unknown): { lng: number; lat: number } | { error: string } {
  if (geometry === null || geometry === undefined) return { error: 'no geometry' };
  const g = geometry as { type?: unknown; coordinates?: unknown };
  let position: Position | undefined;
  if (g.type === 'Point') position = isPosition(g.coordinates) ? g.coordinates : undefined;
  else if (g.type === 'Polygon')
    position = Array.isArray(g.coordinates) ? polygonsCentroid([g.coordinates]) : undefined;
  else if (g.type === 'MultiPolygon')
    position = Array.isArray(g.coordinates) ? polygonsCentroid(g.coordinates) : undefined;
  else
    return {
      error: `unsupported geometry ${typeof g.type === 'string' ? g.type : '(no type)'} (Point or Polygon expected)`,
    };
  if (!position) return { error: `invalid ${String(g.type)} coordinates` };
  const [lng, lat] = position;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return { error: `coordinates out of range (${lng}, ${lat})` };
  return { lng, lat };
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const OSM_TYPES = ['node', 'way', 'relation'] as const;

/** `osm-<type>-<id>` from @id / id ('node/123', 'way/45'), or @type/type with a numeric id. */
export function osmKey(feature: { id?: unknown }, properties: Record<string, unknown>): string | undefined {
  for (const raw of [properties['@id'], properties.id, feature.id]) {
    if (typeof raw === 'string') {
      const match = /^(node|way|relation)\/(\d+)$/.exec(raw.trim()) ?? /^([nwr])(\d+)$/.exec(raw.trim());
      if (match) {
        const type = OSM_TYPES.find((t) => t.startsWith(match[1]!))!;
        return `osm-${type}-${match[2]}`;
      }
    }
    const type = properties['@type'] ?? properties.type;
    if (
      (typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw))) &&
      typeof type === 'string'
    ) {
      if ((OSM_TYPES as readonly string[]).includes(type)) return `osm-${type}-${raw}`;
    }
  }
  return undefined;
}

/** Parses a file's text; throws ImportFileError when it is not JSON. */
export function parseGeoJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ImportFileError(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The rows of a FeatureCollection; throws ImportFileError when it is not one. */
export function featureRows(json: unknown): unknown[] {
  const collection = json as { type?: unknown; features?: unknown } | null;
  if (!collection || typeof collection !== 'object' || collection.type !== 'FeatureCollection')
    throw new ImportFileError('not a GeoJSON FeatureCollection (expected "type": "FeatureCollection")');
  if (!Array.isArray(collection.features))
    throw new ImportFileError('a FeatureCollection without a "features" array');
  return collection.features;
}

/** A row of the file: the feature to write, or why it is rejected. */
export type CheckedRow = { feature: FeatureInput } | { rejected: RejectedRow };

/**
 * Checks row number `row` (1-based) of a FeatureCollection for `place`; `seen` maps the OSM keys
 * of the rows accepted so far to their row numbers, so a repeated id is rejected.
 */
export function checkRow(
  raw: unknown,
  row: number,
  place: PlaceRow,
  seen: ReadonlyMap<string, number>,
): CheckedRow {
  const feature = raw as { type?: unknown; id?: unknown; properties?: unknown; geometry?: unknown } | null;
  const properties =
    feature && typeof feature.properties === 'object' && feature.properties !== null
      ? (feature.properties as Record<string, unknown>)
      : {};
  const tags = tagsOf(properties);
  const name = tags.name ?? tags['name:en'];
  const key = feature && typeof feature === 'object' ? osmKey(feature, properties) : undefined;
  const reject = (reason: string): CheckedRow => ({ rejected: { row, key, name, reason } });
  const point =
    feature && typeof feature === 'object' ? pointOf(feature.geometry) : { error: 'not a GeoJSON Feature' };
  const mapping = mapTags(tags);
  const centre = place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : undefined;
  const maxKm = MAX_DISTANCE_KM[place.type];

  if (!feature || typeof feature !== 'object' || feature.type !== 'Feature')
    return reject('not a GeoJSON Feature');
  if (!key) return reject('missing OSM id (@id or id such as "node/123")');
  if (seen.has(key)) return reject(`duplicate of row ${seen.get(key)} (same id ${key})`);
  if (!name) return reject('missing name');
  if ('error' in point) return reject(point.error);
  if (!mapping) return reject(`unmapped tags (${describeTags(tags)})`);
  if (centre && distanceKm(centre, point) > maxKm)
    return reject(
      `too far from ${place.title}: ${Math.round(distanceKm(centre, point))} km from its centre (at most ${maxKm} km for a ${place.type.toLowerCase()})`,
    );
  return {
    feature: {
      key,
      placeId: place.id,
      countryCode: place.countryCode,
      regionCode: place.type === 'Country' ? null : place.regionCode,
      title: name,
      address: addressOf(tags, place),
      description: describeFeature(mapping.kind, tags, place),
      rank: null,
      categories: mapping.categories,
      model: mapping.model,
      lat: round(point.lat),
      lng: round(point.lng),
      imageOriginal: null,
      source: 'osm',
      facts: factsOfTags(tags, key, new Date().toISOString().slice(0, 7), place.countryCode),
      timeZone: timeZoneAt(point.lat, point.lng),
    },
  };
}

/** Seven decimals (about a centimetre), so that a recomputed centroid compares equal. */
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
