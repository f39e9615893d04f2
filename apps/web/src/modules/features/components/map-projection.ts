/**
 * Web-Mercator helpers for the offline feature map (FEATURE-02): a square world of WORLD_SIZE
 * units, (0, 0) at 180°W / 85°N, y growing southwards. Pure functions, no DOM.
 */

export const WORLD_SIZE = 1024;
/** Web Mercator's latitude limit. */
export const MAX_LATITUDE = 85.05112878;

export interface LngLat {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Centre (world units) and scale (screen units per world unit) of the map view. */
export interface MapView {
  cx: number;
  cy: number;
  k: number;
}

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 40_000;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Longitude/latitude in degrees → world units. */
export function project({ lat, lng }: LngLat): Point {
  const phi = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  const x = ((lng + 180) / 360) * WORLD_SIZE;
  const y = ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * WORLD_SIZE;
  return { x, y };
}

/** Drops coordinates that are missing or not on Earth. */
export function isValidLngLat(value: LngLat | null | undefined): value is LngLat {
  return (
    value !== null &&
    value !== undefined &&
    Number.isFinite(value.lat) &&
    Number.isFinite(value.lng) &&
    Math.abs(value.lat) <= 90 &&
    Math.abs(value.lng) <= 180
  );
}

/**
 * The view that fits every point with `padding` (a share of the span on each side). One point, or
 * points very close together, get a minimum span of `minSpan` world units (about a town).
 */
export function fitView(
  points: readonly Point[],
  viewport: Viewport,
  padding = 0.15,
  minSpan = 0.15,
): MapView {
  if (points.length === 0) return { cx: WORLD_SIZE / 2, cy: WORLD_SIZE / 2, k: viewport.width / WORLD_SIZE };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const spanX = Math.max(maxX - minX, minSpan) * (1 + 2 * padding);
  const spanY = Math.max(maxY - minY, minSpan) * (1 + 2 * padding);
  const k = clamp(Math.min(viewport.width / spanX, viewport.height / spanY), MIN_SCALE, MAX_SCALE);
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, k };
}

/** World units → screen units of the viewport for a view. */
export function toScreen(point: Point, view: MapView, viewport: Viewport): Point {
  return {
    x: (point.x - view.cx) * view.k + viewport.width / 2,
    y: (point.y - view.cy) * view.k + viewport.height / 2,
  };
}

/** The SVG transform that draws world units in the viewport for a view. */
export function viewTransform(view: MapView, viewport: Viewport): string {
  return `translate(${viewport.width / 2} ${viewport.height / 2}) scale(${view.k}) translate(${-view.cx} ${-view.cy})`;
}

/** Zooms by `factor` keeping the screen point `anchor` (default: the centre) in place. */
export function zoomView(view: MapView, factor: number, viewport: Viewport, anchor?: Point): MapView {
  const k = clamp(view.k * factor, MIN_SCALE, MAX_SCALE);
  if (!anchor) return { ...view, k };
  const dx = anchor.x - viewport.width / 2;
  const dy = anchor.y - viewport.height / 2;
  // The world point under the anchor stays under it.
  const wx = view.cx + dx / view.k;
  const wy = view.cy + dy / view.k;
  return { cx: wx - dx / k, cy: wy - dy / k, k };
}

/** Pans by a screen-unit offset (positive dx shows what is to the east). */
export function panView(view: MapView, dx: number, dy: number): MapView {
  return { ...view, cx: view.cx + dx / view.k, cy: view.cy + dy / view.k };
}

type Ring = readonly (readonly number[])[];

/**
 * SVG path data (world units, rounded) of polygon rings. A ring that jumps across the
 * antimeridian starts a new sub-path instead of drawing a line across the world.
 */
export function ringsToPath(rings: readonly Ring[]): string {
  const parts: string[] = [];
  for (const ring of rings) {
    let previousLng: number | null = null;
    let command = 'M';
    for (const position of ring) {
      const [lng, lat] = position;
      if (lng === undefined || lat === undefined) continue;
      if (previousLng !== null && Math.abs(lng - previousLng) > 180) command = 'M';
      const { x, y } = project({ lat, lng });
      parts.push(`${command}${x.toFixed(2)} ${y.toFixed(2)}`);
      command = 'L';
      previousLng = lng;
    }
    if (parts.length > 0) parts.push('Z');
  }
  return parts.join('');
}
