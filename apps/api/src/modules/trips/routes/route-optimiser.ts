import { haversineM, type LngLat } from './route-estimates.ts';

/**
 * The order of one planned day that travels less (decision 022), pure.
 *
 * The rule, exactly:
 * - A stop is an item with coordinates (a trip feature that has them).
 * - These never move, they keep their index: notes, features without coordinates, every item with
 *   a time (feature or note: the anchors), and the day's first stop (where the day starts).
 * - The others (untimed stops after the first stop) are movable. The items with a time cut the
 *   day into segments; the movable stops of a segment are reordered among that segment's own
 *   indices only, so no stop ever crosses an anchor.
 * - Each segment's path starts at the last stop before it and, when the first stop after it is
 *   an anchor, ends there; its order is nearest neighbour, then 2-opt, kept only if it is shorter
 *   than the segment's given order.
 * - Length is the sum of straight-line (haversine) distances between consecutive stops. The
 *   answer is never longer than the given order: if it were, the given order is the answer.
 */

export interface OptimiserItem {
  id: string;
  /** null: not a stop (a note, or a feature without coordinates). */
  point: LngLat | null;
  /** Items with a time are anchors. */
  timed: boolean;
}

export interface OptimisedDay {
  /** The item ids in the new order (the given order when nothing is shorter). */
  itemIds: string[];
  /** Straight-line metres through the stops, before and after. */
  beforeM: number;
  afterM: number;
}

/** 2-opt passes over a segment at most (each pass is O(n²); a day rarely needs more than a few). */
const MAX_TWO_OPT_PASSES = 50;
const EPSILON_M = 1e-6;

/** Straight-line metres through the stops of `items`, in order. */
export function pathLengthM(items: readonly OptimiserItem[]): number {
  let total = 0;
  let last: LngLat | null = null;
  for (const item of items) {
    if (!item.point) continue;
    if (last) total += haversineM(last, item.point);
    last = item.point;
  }
  return total;
}

function segmentLength(start: LngLat, points: readonly LngLat[], end: LngLat | null): number {
  let total = 0;
  let last = start;
  for (const p of points) {
    total += haversineM(last, p);
    last = p;
  }
  return end ? total + haversineM(last, end) : total;
}

/** Straight-line metres between every two of `points` (computed once: 2-opt asks each pair often). */
function distanceMatrix(points: readonly LngLat[]): Float64Array[] {
  const matrix = points.map(() => new Float64Array(points.length));
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) {
      const d = haversineM(points[i] as LngLat, points[j] as LngLat);
      (matrix[i] as Float64Array)[j] = d;
      (matrix[j] as Float64Array)[i] = d;
    }
  }
  return matrix;
}

/**
 * The segment's order: nearest neighbour from the start, then 2-opt between the fixed start and
 * the optional fixed end. Indices into `points`.
 */
function shortOrder(start: LngLat, points: readonly LngLat[], end: LngLat | null): number[] {
  // Node 0 is the start, 1..n the points, n+1 the end (when there is one).
  const nodes = end ? [start, ...points, end] : [start, ...points];
  const m = distanceMatrix(nodes);
  const d = (a: number, b: number) => (m[a] as Float64Array)[b] as number;
  const left = new Set(points.map((_, i) => i + 1));
  const path: number[] = [];
  let here = 0;
  while (left.size > 0) {
    let best = -1;
    for (const k of left) if (best < 0 || d(here, k) < d(here, best)) best = k;
    left.delete(best);
    path.push(best);
    here = best;
  }
  const endNode = end ? points.length + 1 : -1;
  const at = (i: number) => (i < 0 ? 0 : i >= path.length ? endNode : (path[i] as number));
  const dist = (a: number, b: number) => (a < 0 || b < 0 ? 0 : d(a, b));
  for (let pass = 0; pass < MAX_TWO_OPT_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < path.length - 1; i += 1) {
      for (let j = i + 1; j < path.length; j += 1) {
        const a = at(i - 1);
        const b = at(i);
        const c = at(j);
        const e = at(j + 1);
        if (dist(a, c) + dist(b, e) - dist(a, b) - dist(c, e) < -EPSILON_M) {
          path.splice(i, j - i + 1, ...path.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return path.map((node) => node - 1);
}

/** Indices of the movable stops, grouped by segment (see the rule above). */
export function segmentsOf(items: readonly OptimiserItem[]): number[][] {
  const segments: number[][] = [[]];
  let seenStop = false;
  items.forEach((item, index) => {
    if (item.timed) {
      segments.push([]);
      if (item.point) seenStop = true;
      return;
    }
    if (!item.point) return;
    if (!seenStop) {
      seenStop = true; // the first stop is pinned
      return;
    }
    (segments.at(-1) as number[]).push(index);
  });
  return segments.filter((s) => s.length > 1);
}

function lastStopBefore(items: readonly OptimiserItem[], index: number): LngLat | null {
  for (let i = index - 1; i >= 0; i -= 1) {
    const point = items[i]?.point;
    if (point) return point;
  }
  return null;
}

function anchorAfter(items: readonly OptimiserItem[], index: number): LngLat | null {
  for (let i = index + 1; i < items.length; i += 1) {
    const item = items[i] as OptimiserItem;
    if (item.point) return item.timed ? item.point : null;
  }
  return null;
}

/** The day's items in a shorter (never longer) order; see the rule at the top of this file. */
export function optimiseDay(input: readonly OptimiserItem[]): OptimisedDay {
  const items = [...input];
  for (const slots of segmentsOf(items)) {
    const start = lastStopBefore(items, slots[0] as number);
    if (!start) continue;
    const end = anchorAfter(items, slots.at(-1) as number);
    const movers = slots.map((i) => items[i] as OptimiserItem);
    const points = movers.map((m) => m.point as LngLat);
    const order = shortOrder(start, points, end);
    const proposed = order.map((k) => points[k] as LngLat);
    if (segmentLength(start, proposed, end) < segmentLength(start, points, end) - EPSILON_M) {
      slots.forEach((slot, k) => {
        items[slot] = movers[order[k] as number] as OptimiserItem;
      });
    }
  }
  const beforeM = pathLengthM(input);
  const afterM = pathLengthM(items);
  if (afterM > beforeM) return { itemIds: input.map((i) => i.id), beforeM, afterM: beforeM };
  return { itemIds: items.map((i) => i.id), beforeM, afterM };
}
