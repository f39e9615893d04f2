/**
 * Coordinates out of pasted text, with no network: links from Google Maps, OpenStreetMap and Apple
 * Maps, `geo:` URIs (RFC 5870), plain "38.7139, -9.1334" and degrees-minutes-seconds as map apps
 * copy them (38°42'50.0"N 9°08'00.2"W). Used by the web app as the user types and by the API when a
 * place is added from a link, so both read a link the same way.
 */

export interface LinkPoint {
  lat: number;
  lng: number;
  /** A name the link carries (Google's /place/Name/, Apple's q=, a geo: URI's label), if any. */
  name?: string;
  source: 'google' | 'openstreetmap' | 'apple' | 'geo' | 'text';
}

export type LinkReading =
  { ok: true; point: LinkPoint } | { ok: false; reason: 'empty' | 'no-coordinates' | 'out-of-range' };

/** The most text a pasted link is read from: map links are far shorter. */
export const PLACE_LINK_MAX_LENGTH = 4000;

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*$`);

function inRange(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** "lat,lng" (a comma, or a space after decoding "+"): the pair, or null. */
function pair(text: string | null | undefined): [number, number] | null {
  if (!text) return null;
  const match = PAIR.exec(text.replace(/^loc:/i, '').replace(/\+/g, ' '));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function cleanName(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const text = decoded(raw.replace(/\+/g, ' ')).replace(/\s+/g, ' ').trim();
  if (!text || pair(text) || text.length > 200) return undefined;
  return text;
}

type Found = Omit<LinkPoint, 'source'> | null;

function fromGoogle(url: URL): Found {
  const path = decoded(url.pathname);
  const name = cleanName(/\/maps\/place\/([^/]+)/.exec(url.pathname)?.[1]);
  // The place's own pin (!3d lat !4d lng) before the viewport's centre (@lat,lng).
  const pin = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(url.href);
  if (pin) return { lat: Number(pin[1]), lng: Number(pin[2]), name };
  for (const key of ['q', 'query', 'll', 'destination', 'center']) {
    const found = pair(url.searchParams.get(key));
    if (found) return { lat: found[0], lng: found[1], name };
  }
  const search = /\/maps\/(?:search|dir)\/([^/]+)/.exec(path);
  const searched = pair(search?.[1]);
  if (searched) return { lat: searched[0], lng: searched[1], name };
  const at = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(path);
  if (at) return { lat: Number(at[1]), lng: Number(at[2]), name };
  return null;
}

function fromOpenStreetMap(url: URL): Found {
  const mlat = url.searchParams.get('mlat');
  const mlon = url.searchParams.get('mlon');
  if (mlat && mlon) return { lat: Number(mlat), lng: Number(mlon) };
  const hash = /map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  if (hash) return { lat: Number(hash[1]), lng: Number(hash[2]) };
  const lat = url.searchParams.get('lat');
  const lon = url.searchParams.get('lon');
  if (lat && lon) return { lat: Number(lat), lng: Number(lon) };
  return null;
}

function fromApple(url: URL): Found {
  const name = cleanName(url.searchParams.get('q') ?? url.searchParams.get('name'));
  for (const key of ['ll', 'coordinate', 'sll', 'q', 'center']) {
    const found = pair(url.searchParams.get(key));
    if (found) return { lat: found[0], lng: found[1], name: key === 'q' ? undefined : name };
  }
  return null;
}

/** geo:lat,lng[,alt][;params][?q=lat,lng(Label)] */
function fromGeoUri(text: string): Found {
  const match = /^geo:([^?]*)(?:\?(.*))?$/i.exec(text.trim());
  if (!match) return null;
  const query = new URLSearchParams(match[2] ?? '');
  const q = query.get('q') ?? '';
  const label = /\(([^)]*)\)\s*$/.exec(q)?.[1];
  const fromQuery = pair(q.replace(/\([^)]*\)\s*$/, ''));
  const [coordinates = ''] = (match[1] ?? '').split(';');
  const parts = coordinates.split(',');
  const head = parts.length >= 2 ? pair(`${parts[0]},${parts[1]}`) : null;
  // Android's geo:0,0?q=lat,lng(Label): the query holds the point.
  const point = fromQuery && (!head || (head[0] === 0 && head[1] === 0)) ? fromQuery : head;
  if (!point) return null;
  return { lat: point[0], lng: point[1], name: cleanName(label) };
}

const DMS = new RegExp(
  String.raw`(\d{1,3})\s*°\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|'')\s*)?([NSEW])`,
  'gi',
);

/** 38°42'50.0"N 9°08'00.2"W, or with the hemisphere letters the other way round. */
function fromDegrees(text: string): Found {
  const parts = [...text.matchAll(DMS)];
  if (parts.length !== 2) return null;
  let lat: number | null = null;
  let lng: number | null = null;
  for (const [, deg, min, sec, hemisphere] of parts) {
    const value = Number(deg) + Number(min ?? 0) / 60 + Number(sec ?? 0) / 3600;
    const letter = (hemisphere ?? '').toUpperCase();
    const signed = letter === 'S' || letter === 'W' ? -value : value;
    if (letter === 'N' || letter === 'S') lat = signed;
    else lng = signed;
  }
  return lat === null || lng === null ? null : { lat, lng };
}

function parseUrl(text: string): URL | null {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

function hostKind(host: string): LinkPoint['source'] | null {
  const bare = host.toLowerCase().replace(/^www\./, '');
  if (/^(maps\.)?google\.[a-z.]+$/.test(bare) || bare === 'maps.app.goo.gl' || bare === 'goo.gl')
    return 'google';
  if (bare === 'openstreetmap.org' || bare.endsWith('.openstreetmap.org') || bare === 'osm.org')
    return 'openstreetmap';
  if (bare === 'maps.apple.com' || bare === 'maps.apple') return 'apple';
  return null;
}

/**
 * Reads a point out of a pasted link or text. Short links (maps.app.goo.gl) hold no coordinates
 * until followed, which would need the network: they read as `no-coordinates`.
 */
export function readPlaceLink(input: string): LinkReading {
  const text = input.trim().slice(0, PLACE_LINK_MAX_LENGTH);
  if (!text) return { ok: false, reason: 'empty' };
  let found: Found = null;
  let source: LinkPoint['source'] = 'text';
  const plain = pair(text);
  if (plain) {
    found = { lat: plain[0], lng: plain[1] };
  } else if (/^geo:/i.test(text)) {
    found = fromGeoUri(text);
    source = 'geo';
  } else if (/[°]/.test(text)) {
    found = fromDegrees(text);
  } else {
    const url = parseUrl(text);
    const kind = url ? hostKind(url.hostname) : null;
    if (url && kind) {
      source = kind;
      found =
        kind === 'google'
          ? fromGoogle(url)
          : kind === 'openstreetmap'
            ? fromOpenStreetMap(url)
            : fromApple(url);
    }
  }
  if (!found) return { ok: false, reason: 'no-coordinates' };
  if (!inRange(found.lat, found.lng)) return { ok: false, reason: 'out-of-range' };
  const point: LinkPoint = { lat: found.lat, lng: found.lng, source };
  if (found.name) point.name = found.name;
  return { ok: true, point };
}
