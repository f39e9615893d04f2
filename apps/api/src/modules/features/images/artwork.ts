import { createHash } from 'node:crypto';

/** What the interface calls generated art: never a photo, never credited to a person. */
export const ARTWORK_LABEL = 'Illustration';

const WIDTH = 800;
const HEIGHT = 600;

/** A stream of bytes from a seed: byte(i) is stable for the same seed. */
function hashBytes(seed: string): (index: number) => number {
  const digest = createHash('sha256').update(seed).digest();
  return (index) => digest[index % digest.length]! / 255;
}

const fixed = (value: number) => value.toFixed(0);
const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${fixed(((hue % 360) + 360) % 360)} ${fixed(saturation)}% ${fixed(lightness)}%)`;

interface Globe {
  lat: number;
  lng: number;
}

/** The place's position, or a stable stand-in derived from its name when it has none. */
function globeOf(coordinates: Globe | null, byte: (index: number) => number): Globe {
  return coordinates ?? { lat: byte(20) * 140 - 70, lng: byte(21) * 360 - 180 };
}

/**
 * The sky of a position: longitude turns the hue around the colour wheel, latitude makes it warm,
 * saturated and bright near the equator and cool, pale and low-sunned towards the poles.
 */
function sky(globe: Globe, byte: (index: number) => number) {
  const warmth = 1 - Math.min(Math.abs(globe.lat), 80) / 80;
  // 10° of longitude turn the hue by 35°: neighbouring capitals already look apart.
  const hue = 200 + globe.lng * 3.5 + (byte(22) - 0.5) * 30;
  const top = hsl(hue, 30 + 35 * warmth, 18 + 14 * warmth);
  const bottom = hsl(hue + 25 + 35 * warmth, 45 + 30 * warmth, 55 + 15 * warmth);
  const sunX = globe.lat >= 0 ? 560 + warmth * 80 : 240 - warmth * 80;
  const sunY = 170 + (1 - warmth) * 120;
  const sun = hsl(40 + 15 * warmth, 95, 78 - 10 * warmth);
  return { hue, warmth, top, bottom, sunX, sunY, sun };
}

/** Stars or specks across the sky: more, and more visible, the further from the equator. */
function specks(byte: (index: number) => number, warmth: number): string {
  const count = Math.round(4 + (1 - warmth) * 10);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = byte(i * 2) * WIDTH;
    const y = byte(i * 2 + 1) * 240;
    out += `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${(1.5 + byte(i + 7) * 2).toFixed(1)}"/>`;
  }
  return `<g fill="#fff" fill-opacity="${(0.25 + (1 - warmth) * 0.4).toFixed(2)}">${out}</g>`;
}

/** A jagged ridge from left to right, closed at the bottom. */
function ridge(byte: (index: number) => number, offset: number, base: number, amplitude: number): string {
  const steps = 7;
  let d = `M0 ${fixed(base)}`;
  for (let i = 0; i <= steps; i += 1) {
    const x = (WIDTH / steps) * i;
    const y = base - byte(offset + i) * amplitude;
    d += ` L${fixed(x)} ${fixed(y)}`;
  }
  return `${d} L${WIDTH} ${HEIGHT} L0 ${HEIGHT}Z`;
}

/** Rolling hills: smooth curves from left to right, closed at the bottom. */
function hills(byte: (index: number) => number, offset: number, base: number, amplitude: number): string {
  const steps = 4;
  let d = `M0 ${fixed(base - byte(offset) * amplitude)}`;
  for (let i = 1; i <= steps; i += 1) {
    const x = (WIDTH / steps) * i;
    const cx = x - WIDTH / steps / 2;
    const cy = base - amplitude * 1.6 * byte(offset + i * 2);
    d += ` Q${fixed(cx)} ${fixed(cy)} ${fixed(x)} ${fixed(base - byte(offset + i * 2 + 1) * amplitude)}`;
  }
  return `${d} L${WIDTH} ${HEIGHT} L0 ${HEIGHT}Z`;
}

/** A city skyline: towers whose widths, heights and lit windows come from the name. */
function skyline(byte: (index: number) => number, fill: string, windows: string): string {
  let x = 0;
  let i = 0;
  let towers = '';
  let lights = '';
  while (x < WIDTH) {
    const width = 28 + byte(i * 3) * 48;
    const height = 50 + byte(i * 3 + 1) * 150;
    const top = 410 - height;
    towers += `<rect x="${fixed(x)}" y="${fixed(top)}" width="${fixed(width + 1)}" height="${fixed(HEIGHT - top)}"/>`;
    if (byte(i * 3 + 2) > 0.35)
      for (let row = top + 14; row < 400; row += 22)
        if (byte(i + row) > 0.45)
          lights += `<rect x="${fixed(x + width / 2 - 4)}" y="${fixed(row)}" width="8" height="10" rx="2"/>`;
    x += width + 3 + byte(i * 3 + 2) * 10;
    i += 1;
  }
  return `<g fill="${fill}">${towers}</g><g fill="${windows}" fill-opacity="0.55">${lights}</g>`;
}

/** A faint graticule (lines of latitude and longitude) bent around the position: for countries. */
function graticule(globe: Globe): string {
  const shift = ((globe.lng + 180) / 360) * 120;
  let lines = '';
  for (let i = 0; i < 7; i += 1) {
    const x = i * 130 + shift - 60;
    lines += `<path d="M${fixed(x)} 0 Q${fixed(x + 60)} 300 ${fixed(x)} 600"/>`;
  }
  for (let i = 1; i < 5; i += 1) {
    const y = i * 120 + (globe.lat / 90) * 40;
    lines += `<path d="M0 ${fixed(y)} Q400 ${fixed(y - 40)} 800 ${fixed(y)}"/>`;
  }
  return `<g fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2">${lines}</g>`;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${ARTWORK_LABEL}">${body}</svg>`;
}

export interface PlaceArtworkInput {
  /** Country, Region or City: the motif (graticule and ranges, rolling hills, a skyline). */
  type: 'Country' | 'Region' | 'City';
  title: string;
  /** ISO country code: every place of a country shares the colour of its land. */
  countryCode: string;
  coordinates: Globe | null;
}

/**
 * The artwork of a place, derived from the place itself and holding no text: latitude sets the
 * warmth and the sun, longitude the hue of the sky, the country the colour of the land, the type
 * the motif, and a hash of the name the shapes. Same place, same bytes.
 */
export function renderPlaceArtwork(place: PlaceArtworkInput): string {
  const byte = hashBytes(`${place.type}:${place.countryCode}:${place.title}`);
  const globe = globeOf(place.coordinates, byte);
  const s = sky(globe, byte);
  const land = hashBytes(`country:${place.countryCode.toUpperCase()}`)(0) * 360;
  const far = hsl(land, 30 + 20 * s.warmth, 34 + 8 * s.warmth);
  const near = hsl(land + 12, 35 + 20 * s.warmth, 18 + 6 * s.warmth);
  let motif: string;
  if (place.type === 'City') {
    motif = `<path d="${hills(byte, 3, 380, 60)}" fill="${far}" fill-opacity="0.8"/>${skyline(byte, near, s.sun)}`;
  } else if (place.type === 'Region') {
    motif =
      `<path d="${hills(byte, 1, 330, 80)}" fill="${far}" fill-opacity="0.75"/>` +
      `<path d="${hills(byte, 11, 400, 70)}" fill="${hsl(land + 6, 32, 27)}"/>` +
      `<path d="${hills(byte, 21, 470, 50)}" fill="${near}"/>`;
  } else {
    motif =
      graticule(globe) +
      `<path d="${ridge(byte, 2, 370, 170)}" fill="${far}" fill-opacity="0.85"/>` +
      `<path d="${ridge(byte, 12, 450, 110)}" fill="${near}"/>`;
  }
  return svg(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${specks(byte, s.warmth)}` +
      `<circle cx="${fixed(s.sunX)}" cy="${fixed(s.sunY)}" r="${fixed(46 + s.warmth * 24)}" fill="${s.sun}" fill-opacity="0.9"/>` +
      motif,
  );
}

export interface FeatureArtworkInput {
  title: string;
  key: string;
  /** The feature's first category: the shape of its landmark. */
  category: string | undefined;
  coordinates: Globe | null;
}

/** Landmark silhouettes, one per category family (chosen by a hash of the category). */
const LANDMARKS = [
  // arch
  'M300 600 V330 Q400 200 500 330 V600 H455 V350 Q400 280 345 350 V600Z',
  // tower
  'M380 600 L392 260 L400 200 L408 260 L420 600Z M360 600 H440 V560 H360Z',
  // dome
  'M290 600 V420 Q400 250 510 420 V600Z M392 300 H408 V240 H392Z',
  // tree
  'M392 600 V470 H408 V600Z M400 250 L300 470 H500Z',
  // wave
  'M0 520 Q100 460 200 520 T400 520 T600 520 T800 520 V600 H0Z',
  // bowl / table
  'M300 430 H500 Q490 520 400 530 Q310 520 300 430Z M380 530 H420 V600 H380Z',
];

/**
 * The artwork of a feature, holding no text: the sky of its position (or of its name), a landmark
 * silhouette for its category and hills from a hash of its key. Same feature, same bytes.
 */
export function renderFeatureArtwork(feature: FeatureArtworkInput): string {
  const byte = hashBytes(`feature:${feature.key}:${feature.title}`);
  const globe = globeOf(feature.coordinates, byte);
  const s = sky(globe, byte);
  const family = hashBytes(`category:${feature.category ?? ''}`)(0);
  const landmark = LANDMARKS[Math.floor(family * LANDMARKS.length) % LANDMARKS.length]!;
  const ground = hsl(s.hue + 150, 30, 20);
  return svg(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${specks(byte, s.warmth)}` +
      `<circle cx="${fixed(120 + byte(3) * 560)}" cy="${fixed(s.sunY)}" r="${fixed(40 + byte(4) * 30)}" fill="${s.sun}" fill-opacity="0.85"/>` +
      `<path d="${hills(byte, 5, 520, 70)}" fill="${hsl(s.hue + 140, 25, 32)}" fill-opacity="0.8"/>` +
      `<path d="${landmark}" fill="${ground}"/>` +
      `<rect y="585" width="${WIDTH}" height="15" fill="${ground}"/>`,
  );
}
