import type { Db } from '../../db/client.ts';
import type { PlacesService } from '../places/places.service.ts';
import { findFeatureByKey, type FeatureInput } from './features.repository.ts';
import { saveFeatures } from './features.service.ts';

/**
 * The features importer (DATA-09): a GeoJSON FeatureCollection with OpenStreetMap-style tags
 * becomes features of one place. Pure apart from the database it is given, so tests call it
 * directly; import-features.ts is the command-line shell around it.
 */

type FeatureModel = FeatureInput['model'];
/** A place as the places service hands it to other modules. */
export type PlaceRow = Awaited<ReturnType<PlacesService['getPlaceRow']>>;
type Tags = Record<string, string>;

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

export interface ImportReport {
  place: { id: string; title: string; type: PlaceRow['type'] };
  total: number;
  /** New features. */
  imported: number;
  /** Rows whose key already existed; `unchanged` of them were identical, so nothing was written. */
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
}

export interface ImportProgress {
  done: number;
  total: number;
}

/** How far a feature may lie from its place's centre before it is rejected, by place type. */
export const MAX_DISTANCE_KM: Record<PlaceRow['type'], number> = { City: 60, Region: 400, Country: 400 };

interface Mapping {
  categories: string[];
  model: FeatureModel;
  /** What it is, for a generated description ('art museum', 'viewpoint'). */
  kind: string;
}

interface Rule {
  test: (tags: Tags) => boolean;
  map: (tags: Tags) => Mapping;
}

const is =
  (key: string, ...values: string[]) =>
  (tags: Tags) =>
    tags[key] !== undefined && (values.length === 0 || values.includes(tags[key]));
const fixed =
  (categories: string[], kind: string, model: FeatureModel = 'places') =>
  () => ({
    categories,
    kind,
    model,
  });
const words = (value: string) => value.replace(/[_;]+/g, ' ').trim();

/**
 * OpenStreetMap tags → our taxonomy (modules/categories/categories.data.ts), most specific first.
 * Every matching rule adds its categories; the first one gives the model and the kind.
 */
const RULES: Rule[] = [
  {
    test: is('amenity', 'food_court'),
    map: fixed(['food and drink', 'food markets'], 'food hall', 'restaurants'),
  },
  {
    test: is('amenity', 'marketplace'),
    map: fixed(['shopping', 'markets and bazaars'], 'market', 'shops'),
  },
  {
    test: is('tourism', 'museum'),
    map: (t) => {
      const kind = t.museum ?? '';
      if (kind === 'art')
        return { categories: ['museums and culture', 'art museums'], kind: 'art museum', model: 'places' };
      if (kind === 'science' || kind === 'technology')
        return {
          categories: ['museums and culture', 'science museums'],
          kind: 'science museum',
          model: 'places',
        };
      if (kind === 'children')
        return { categories: ['family', 'interactive museums'], kind: "children's museum", model: 'places' };
      return { categories: ['museums and culture', 'history museums'], kind: 'museum', model: 'places' };
    },
  },
  { test: is('tourism', 'gallery'), map: fixed(['museums and culture', 'galleries'], 'gallery') },
  { test: is('tourism', 'zoo'), map: fixed(['family', 'zoos and aquariums'], 'zoo') },
  { test: is('tourism', 'aquarium'), map: fixed(['family', 'zoos and aquariums'], 'aquarium') },
  { test: is('tourism', 'theme_park'), map: fixed(['family', 'theme parks'], 'theme park') },
  { test: is('amenity', 'theatre'), map: fixed(['museums and culture', 'theatres'], 'theatre') },
  {
    test: is('amenity', 'concert_hall'),
    map: fixed(['museums and culture', 'music venues'], 'concert hall'),
  },
  { test: is('leisure', 'stadium'), map: fixed(['sport and adventure', 'stadiums'], 'stadium') },
  {
    test: (t) => t.amenity === 'spa' || t.leisure === 'spa',
    map: fixed(['wellness', 'spas'], 'spa'),
  },
  { test: is('tourism', 'viewpoint'), map: fixed(['sights', 'viewpoints'], 'viewpoint') },
  {
    test: is('amenity', 'place_of_worship'),
    map: (t) => ({
      categories: ['sights', 'religious sites'],
      kind:
        t.building === 'cathedral' ? 'cathedral' : t.building === 'church' ? 'church' : 'place of worship',
      model: 'places',
    }),
  },
  {
    test: is('historic'),
    map: (t) => {
      const value = t.historic ?? '';
      const monument = ['monument', 'memorial', 'statue'].includes(value);
      return {
        categories: ['sights', monument ? 'monuments' : 'historic sites'],
        kind: value === 'yes' || value === '' ? 'historic site' : words(value),
        model: 'places',
      };
    },
  },
  { test: is('tourism', 'attraction'), map: fixed(['sights', 'landmarks'], 'sight') },
  {
    test: is('amenity', 'restaurant'),
    map: fixed(['food and drink', 'restaurants'], 'restaurant', 'restaurants'),
  },
  {
    test: is('amenity', 'fast_food'),
    map: fixed(['food and drink', 'street food'], 'snack bar', 'restaurants'),
  },
  {
    test: is('amenity', 'cafe', 'ice_cream'),
    map: (t) => ({
      categories: ['food and drink', 'cafes'],
      kind: t.amenity === 'ice_cream' ? 'ice-cream parlour' : 'café',
      model: 'restaurants',
    }),
  },
  {
    test: is('amenity', 'bar', 'pub'),
    map: (t) => ({
      categories: ['nightlife', 'bars'],
      kind: t.amenity === 'pub' ? 'pub' : 'bar',
      model: 'restaurants',
    }),
  },
  { test: is('amenity', 'nightclub'), map: fixed(['nightlife', 'clubs'], 'club') },
  { test: is('leisure', 'park'), map: fixed(['nature and outdoors', 'parks'], 'park') },
  { test: is('leisure', 'garden'), map: fixed(['nature and outdoors', 'gardens'], 'garden') },
  { test: is('natural', 'beach'), map: fixed(['nature and outdoors', 'beaches'], 'beach') },
  {
    test: is('shop'),
    map: (t) => {
      const shop = t.shop ?? '';
      if (shop === 'mall' || shop === 'department_store')
        return { categories: ['shopping', 'malls'], kind: words(shop), model: 'shops' };
      if (['art', 'craft', 'crafts', 'pottery'].includes(shop))
        return { categories: ['shopping', 'local crafts'], kind: 'craft shop', model: 'shops' };
      const kind = shop === 'yes' ? 'shop' : shop === 'books' ? 'bookshop' : `${words(shop)} shop`;
      return { categories: ['shopping'], kind, model: 'shops' };
    },
  },
];

/** Our categories, model and kind for a set of OSM tags; undefined when no rule knows them. */
export function mapTags(tags: Tags): Mapping | undefined {
  const matches = RULES.filter((r) => r.test(tags)).map((r) => r.map(tags));
  const [first] = matches;
  if (!first) return undefined;
  return { ...first, categories: [...new Set(matches.flatMap((m) => m.categories))] };
}

/** Every category name the rules can produce (for checking them against the taxonomy). */
export function mappedCategoryNames(): string[] {
  const samples: Tags[] = [
    { tourism: 'museum', museum: 'art' },
    { tourism: 'museum', museum: 'science' },
    { tourism: 'museum', museum: 'children' },
    { tourism: 'museum' },
    { shop: 'mall' },
    { shop: 'craft' },
    { shop: 'books' },
    { historic: 'monument' },
    { historic: 'castle' },
    { amenity: 'cafe' },
    { amenity: 'pub' },
    { amenity: 'place_of_worship' },
  ];
  const all = RULES.flatMap((r) => [r.map({}), ...samples.filter(r.test).map(r.map)]);
  return [...new Set(all.flatMap((m) => m.categories))].sort();
}

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

/** OSM tags of a feature: its properties (flat, overpass-turbo style) merged with a nested `tags` object. */
function tagsOf(properties: Record<string, unknown>): Tags {
  const tags: Tags = {};
  const nested = properties.tags;
  const sources = [
    properties,
    nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {},
  ];
  for (const source of sources) {
    for (const [k, v] of Object.entries(source)) {
      if (typeof v === 'string' && v.trim() !== '') tags[k] = v.trim();
      else if (typeof v === 'number') tags[k] = String(v);
    }
  }
  return tags;
}

/** `Street 12, 1200-094 City` from addr:* tags, omitting what is missing. */
export function addressOf(tags: Tags, place: Pick<PlaceRow, 'type' | 'title'>): string {
  const street = [tags['addr:street'] ?? tags['addr:place'], tags['addr:housenumber']]
    .filter(Boolean)
    .join(' ');
  const city = tags['addr:city'] ?? (place.type === 'City' ? place.title : undefined);
  const town = [tags['addr:postcode'], city].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

function describe(kind: string, tags: Tags, place: Pick<PlaceRow, 'title'>): string {
  if (tags.description) return tags.description;
  const article = /^[aeiou]/i.test(kind) ? 'An' : 'A';
  const street = tags['addr:street'];
  return street
    ? `${article} ${kind} on ${street} in ${place.title}.`
    : `${article} ${kind} in ${place.title}.`;
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

/**
 * Imports a FeatureCollection (parsed JSON or its text) into `place`: valid rows are upserted by
 * their OSM key through saveFeatures (feature counts and the catalogue version follow); every
 * other row is reported with its reason. A second run of the same file changes nothing.
 */
export async function importFeatures(
  db: Db,
  geojson: unknown,
  place: PlaceRow,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const rows = featureRows(typeof geojson === 'string' ? parseGeoJson(geojson) : geojson);
  const total = rows.length;
  const report: ImportReport = {
    place: { id: place.id, title: place.title, type: place.type },
    total,
    imported: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
  };
  const centre = place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : undefined;
  const maxKm = MAX_DISTANCE_KM[place.type];
  const accepted: FeatureInput[] = [];
  const existing = new Set<string>();
  const seen = new Map<string, number>();
  options.onProgress?.({ done: 0, total });

  for (let i = 0; i < total; i++) {
    const row = i + 1;
    const raw = rows[i] as { type?: unknown; id?: unknown; properties?: unknown; geometry?: unknown } | null;
    const properties =
      raw && typeof raw.properties === 'object' && raw.properties !== null
        ? (raw.properties as Record<string, unknown>)
        : {};
    const tags = tagsOf(properties);
    const name = tags.name ?? tags['name:en'];
    const key = raw && typeof raw === 'object' ? osmKey(raw, properties) : undefined;
    const reject = (reason: string) => report.rejected.push({ row, key, name, reason });
    const point = raw && typeof raw === 'object' ? pointOf(raw.geometry) : { error: 'not a GeoJSON Feature' };
    const mapping = mapTags(tags);

    if (!raw || typeof raw !== 'object' || raw.type !== 'Feature') reject('not a GeoJSON Feature');
    else if (!key) reject('missing OSM id (@id or id such as "node/123")');
    else if (seen.has(key)) reject(`duplicate of row ${seen.get(key)} (same id ${key})`);
    else if (!name) reject('missing name');
    else if ('error' in point) reject(point.error);
    else if (!mapping) reject(`unmapped tags (${describeTags(tags)})`);
    else if (centre && distanceKm(centre, point) > maxKm)
      reject(
        `too far from ${place.title}: ${Math.round(distanceKm(centre, point))} km from its centre (at most ${maxKm} km for a ${place.type.toLowerCase()})`,
      );
    else {
      seen.set(key, row);
      if (await findFeatureByKey(db, key)) existing.add(key);
      accepted.push({
        key,
        placeId: place.id,
        countryCode: place.countryCode,
        regionCode: place.type === 'Country' ? null : place.regionCode,
        title: name,
        address: addressOf(tags, place),
        description: describe(mapping.kind, tags, place),
        rank: null,
        categories: mapping.categories,
        model: mapping.model,
        lat: round(point.lat),
        lng: round(point.lng),
        imageOriginal: null,
        source: 'osm',
      });
    }
    options.onProgress?.({ done: row, total });
  }

  const changed = new Set(await saveFeatures(db, accepted));
  for (const { key } of accepted) {
    if (!existing.has(key)) report.imported++;
    else {
      report.updated++;
      if (!changed.has(key)) report.unchanged++;
    }
  }
  return report;
}

/** Seven decimals (about a centimetre), so that a recomputed centroid compares equal. */
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

const IGNORED_TAGS =
  /^(@|id$|type$|tags$|name|addr:|description|source|wikidata|wikipedia|website|phone|opening_hours|check_date)/;

function describeTags(tags: Tags): string {
  const shown = Object.entries(tags)
    .filter(([k]) => !IGNORED_TAGS.test(k))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${v}`);
  return shown.length > 0 ? shown.join(', ') : 'no tags';
}

/** The report as text lines: rejected rows first, then the counts. */
export function formatReport(report: ImportReport): string[] {
  const lines: string[] = [];
  if (report.rejected.length > 0) {
    lines.push(`Rejected rows (${report.rejected.length}):`);
    for (const r of report.rejected) {
      const who = [r.name ? `"${r.name}"` : undefined, r.key].filter(Boolean).join(' ');
      lines.push(`  row ${r.row}${who ? ` ${who}` : ''}: ${r.reason}`);
    }
  }
  lines.push(
    `${report.place.title} (${report.place.type}, ${report.place.id}): ${report.total} rows; ` +
      `imported ${report.imported}, updated ${report.updated} (${report.unchanged} unchanged), rejected ${report.rejected.length}`,
  );
  return lines;
}

/**
 * The place an import targets: a place id, a title ('Lisbon', 'Tuscany', 'Portugal'), or a title
 * with its country ('Lisbon, Portugal'). Cities win over regions of the same name, then countries.
 */
export async function findImportPlace(places: PlacesService, ref: string): Promise<PlaceRow | undefined> {
  const wanted = ref.trim();
  if (!wanted) return undefined;
  const attempts: { country?: string; place?: string }[] = [];
  const parts = wanted.split(',').map((p) => p.trim());
  if (parts.length >= 2 && parts[0] && parts.at(-1))
    attempts.push({ place: parts[0], country: parts.at(-1)! });
  attempts.push({ place: wanted }, { country: wanted });
  try {
    return await places.getPlaceRow(wanted);
  } catch {
    // Not an id: try it as a title.
  }
  for (const query of attempts) {
    try {
      const found = await places.search(query);
      return await places.getPlaceRow(found._id);
    } catch {
      // Not this shape; try the next.
    }
  }
  return undefined;
}
