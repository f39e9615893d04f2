import { dayTimeline, type TimelineItem, type TimelineWarning } from '@tripcrew/contracts/day-timeline';
import { openWindowsOn } from '@tripcrew/contracts/opening-hours';
import type { LngLat } from './route-estimates.ts';
import {
  optimiseDay,
  type OptimisedDay,
  type OptimiserItem,
  pathLengthM,
  segmentsOf,
} from './route-optimiser.ts';

/**
 * The order of one planned day that respects time (issue 37, decision 041), pure.
 *
 * The day is read as its timeline reads it (contracts/day-timeline.ts): from the day's start,
 * each stop arrives after the leg before it and leaves after its visit; items with a time are
 * fixed points. An order's cost is first its warnings (closed, before opening, after closing,
 * closing during the visit, running into a fixed point, past midnight), then its straight-line
 * length. The movable stops are those of the distance optimiser (route-optimiser.ts: untimed
 * stops after the first, never across an item with a time); each segment of them is ordered
 * left to right, exactly (every permutation) up to EXACT_STOPS stops, else by local search
 * (relocating and reversing) from both the given and the shortest order. The answer is never
 * worse than the given order: fewer warnings, or as many and never longer.
 */

/** A segment this long or shorter is ordered by trying every permutation (7! = 5,040). */
export const EXACT_STOPS = 7;
/** Local search passes over a longer segment at most. */
const SEARCH_PASSES = 30;
const EPSILON_M = 1e-6;

export interface TimedItem extends OptimiserItem {
  /** How the timeline counts it ('stop' for features and places, 'note' for notes). */
  kind: TimelineItem['kind'];
  /** 'HH:MM' of an item with a time of its own; null otherwise. */
  fixedAt: string | null;
  visitMinutes: number | null;
  hours: string | null;
  timeZone: string | null;
  countryCode?: string | undefined;
  /** Not on the timeline (the day's home base: the first leg leaves from it). */
  offTimeline?: boolean;
}

export interface DayClock {
  date: string;
  /** 'HH:MM' the day starts. */
  start: string;
  /** Minutes of travel between two stops (the day's mode). */
  travelMinutes: (from: LngLat, to: LngLat) => number;
}

export interface TimedOptimisedDay extends OptimisedDay {
  /** The warnings the chosen order still has (no order of the movable stops avoids them). */
  warnings: Array<{ itemId: string; warning: TimelineWarning }>;
}

interface Score {
  warnings: number;
  lengthM: number;
}

const better = (a: Score, b: Score) =>
  a.warnings < b.warnings || (a.warnings === b.warnings && a.lengthM < b.lengthM - EPSILON_M);

/** The timeline of `items` in this order (home bases only give the first leg its start). */
function timelineOf(items: readonly TimedItem[], clock: DayClock) {
  let last: LngLat | null = null;
  const line: TimelineItem[] = [];
  for (const item of items) {
    const travel = item.point && last ? clock.travelMinutes(last, item.point) : 0;
    if (item.point) last = item.point;
    if (item.offTimeline) continue;
    line.push({
      id: item.id,
      kind: item.kind,
      fixedAt: item.fixedAt,
      visitMinutes: item.visitMinutes,
      travelMinutes: travel,
      hours: item.hours,
      timeZone: item.timeZone,
      countryCode: item.countryCode,
    });
  }
  return dayTimeline(clock.date, clock.start, line);
}

function scoreOf(items: readonly TimedItem[], clock: DayClock): Score {
  const warnings = timelineOf(items, clock).reduce((n, entry) => n + entry.warnings.length, 0);
  return { warnings, lengthM: pathLengthM(items) };
}

/** Every order of `values` (Heap's algorithm), the given one first. */
function* permutations<T>(values: readonly T[]): Generator<T[]> {
  const a = [...values];
  const c = new Array<number>(a.length).fill(0);
  yield [...a];
  let i = 1;
  while (i < a.length) {
    if ((c[i] as number) < i) {
      const j = i % 2 === 0 ? 0 : (c[i] as number);
      [a[j], a[i]] = [a[i] as T, a[j] as T];
      yield [...a];
      c[i] = (c[i] as number) + 1;
      i = 1;
    } else {
      c[i] = 0;
      i += 1;
    }
  }
}

/** `items` with the segment's `slots` filled by `order`. */
function placed(items: readonly TimedItem[], slots: readonly number[], order: readonly TimedItem[]) {
  const next = [...items];
  slots.forEach((slot, k) => {
    next[slot] = order[k] as TimedItem;
  });
  return next;
}

/** Relocating one stop, or reversing a run, while it makes the day better (bounded passes). */
function localSearch(items: TimedItem[], slots: readonly number[], clock: DayClock): TimedItem[] {
  let order = slots.map((slot) => items[slot] as TimedItem);
  let best = scoreOf(items, clock);
  for (let pass = 0; pass < SEARCH_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < order.length; i += 1) {
      for (let j = 0; j < order.length; j += 1) {
        if (i === j) continue;
        const moved = [...order];
        const [stop] = moved.splice(i, 1);
        moved.splice(j, 0, stop as TimedItem);
        const reversed =
          i < j ? [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)] : null;
        for (const candidate of reversed ? [moved, reversed] : [moved]) {
          const score = scoreOf(placed(items, slots, candidate), clock);
          if (better(score, best)) {
            best = score;
            order = candidate;
            improved = true;
          }
        }
      }
    }
    if (!improved) break;
  }
  return placed(items, slots, order);
}

/** The best order of one segment's stops, the rest of the day as it is in `items`. */
function orderSegment(items: TimedItem[], slots: readonly number[], clock: DayClock, shortest: TimedItem[]) {
  if (slots.length <= EXACT_STOPS) {
    let best = items;
    let bestScore = scoreOf(items, clock);
    for (const order of permutations(slots.map((slot) => items[slot] as TimedItem))) {
      const candidate = placed(items, slots, order);
      const score = scoreOf(candidate, clock);
      if (better(score, bestScore)) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }
  const fromGiven = localSearch(items, slots, clock);
  const fromShortest = localSearch(
    placed(
      items,
      slots,
      slots.map((slot) => shortest[slot] as TimedItem),
    ),
    slots,
    clock,
  );
  return better(scoreOf(fromShortest, clock), scoreOf(fromGiven, clock)) ? fromShortest : fromGiven;
}

/** The day's items in the order with the fewest time warnings, then the shortest; see above. */
export function optimiseDayInTime(input: readonly TimedItem[], clock: DayClock): TimedOptimisedDay {
  const byId = new Map(input.map((item) => [item.id, item]));
  const shortest = optimiseDay(input).itemIds.map((id) => byId.get(id) as TimedItem);
  // Each stop's open stretches of the day, once: the search asks for them thousands of times.
  for (const item of input) if (item.hours) openWindowsOn(item.hours, clock.date, item.countryCode);
  let items = [...input];
  for (const slots of segmentsOf(items)) items = orderSegment(items, slots, clock, shortest);
  const chosen = better(scoreOf(shortest, clock), scoreOf(items, clock)) ? shortest : items;
  const given = scoreOf(input, clock);
  const answer = better(scoreOf(chosen, clock), given) ? chosen : [...input];
  return {
    itemIds: answer.map((item) => item.id),
    beforeM: given.lengthM,
    afterM: pathLengthM(answer),
    warnings: timelineOf(answer, clock).flatMap((entry) =>
      entry.warnings.map((warning) => ({ itemId: entry.id, warning })),
    ),
  };
}
