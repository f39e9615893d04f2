import { dayTimeline } from '@tripcrew/contracts/day-timeline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateLeg, type LngLat } from './route-estimates.ts';
import { pathLengthM } from './route-optimiser.ts';
import { type DayClock, EXACT_STOPS, optimiseDayInTime, type TimedItem } from './route-optimiser-time.ts';

const LISBON = 'Europe/Lisbon';
/** 2026-12-01 is a Tuesday, 2026-12-02 a Wednesday. */
const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';
const GULBENKIAN = 'We-Mo 10:00-18:00; Tu off';

const clock = (date: string, start = '09:00'): DayClock => ({
  date,
  start,
  travelMinutes: (from, to) => Math.round(estimateLeg(from, to, 'walking').durationS / 60),
});

function stop(id: string, lng: number, extra: Partial<TimedItem> = {}): TimedItem {
  return {
    id,
    point: { lng, lat: 38.71 },
    timed: false,
    kind: 'stop',
    fixedAt: null,
    visitMinutes: 60,
    hours: null,
    timeZone: LISBON,
    ...extra,
  };
}

/** Warnings, then length, of the items in this order (what the optimiser minimises). */
function cost(items: readonly TimedItem[], day: DayClock) {
  let last: LngLat | null = null;
  const line = items.map((item) => {
    const travel = item.point && last ? day.travelMinutes(last, item.point) : 0;
    if (item.point) last = item.point;
    return { ...item, travelMinutes: travel };
  });
  const warnings = dayTimeline(day.date, day.start, line).reduce((n, e) => n + e.warnings.length, 0);
  return { warnings, lengthM: pathLengthM(items) };
}

function* permutations<T>(values: readonly T[]): Generator<T[]> {
  if (values.length <= 1) {
    yield [...values];
    return;
  }
  for (let i = 0; i < values.length; i += 1) {
    const rest = [...values.slice(0, i), ...values.slice(i + 1)];
    for (const tail of permutations(rest)) yield [values[i] as T, ...tail];
  }
}

const HOURS = [
  null,
  '24/7',
  'Mo-Su 10:00-18:00',
  'Mo-Su 09:00-12:00',
  'Mo-Su 14:00-20:00',
  'Tu-Su 09:30-17:30',
  GULBENKIAN,
  'Mo-Fr 12:00-15:00,19:00-23:00',
];

/** A day: a pinned first stop, then 1 to EXACT_STOPS movable stops with random hours and visits. */
const dayArb = fc
  .record({
    date: fc.constantFrom(TUESDAY, WEDNESDAY, '2026-12-05'),
    start: fc.constantFrom('08:00', '09:00', '10:30', '13:00'),
    stops: fc.array(
      fc.record({
        lng: fc.double({ min: -9.2, max: -9.1, noNaN: true }),
        hours: fc.constantFrom(...HOURS),
        visit: fc.constantFrom(15, 45, 60, 90, 150),
      }),
      { minLength: 2, maxLength: EXACT_STOPS + 1 },
    ),
  })
  .map(({ date, start, stops }) => ({
    day: clock(date, start),
    items: stops.map((s, i) => stop(`s${i}`, s.lng, { hours: s.hours, visitMinutes: s.visit })),
  }));

describe('the optimiser with opening hours', () => {
  it('[OPTIMISE-TIME-01] puts a stop that opens late after one that is open now, even when that is longer', () => {
    // The day starts at 08:00 at the first stop (30 minutes); the museum next door opens at 10:00,
    // the viewpoint 900 m on is always open. By distance the museum comes first and is shut.
    const items = [
      stop('start', -9.2, { visitMinutes: 30 }),
      stop('museum', -9.199, { hours: 'Mo-Su 10:00-18:00' }),
      stop('viewpoint', -9.19, { hours: '24/7', visitMinutes: 90 }),
    ];
    const result = optimiseDayInTime(items, clock(WEDNESDAY, '08:00'));
    expect(result.itemIds).toEqual(['start', 'viewpoint', 'museum']);
    expect(result.warnings).toEqual([]);
    expect(result.afterM).toBeGreaterThan(result.beforeM);
  });

  it('[OPTIMISE-TIME-02] says why when no order fits: the museum is closed that day', () => {
    const items = [
      stop('start', -9.2),
      stop('far', -9.1),
      stop('gulbenkian', -9.15, { hours: GULBENKIAN }),
      stop('near', -9.19),
    ];
    const result = optimiseDayInTime(items, clock(TUESDAY));
    expect(result.warnings).toEqual([{ itemId: 'gulbenkian', warning: { kind: 'closed-day' } }]);
    // Among the orders with that one warning, the shortest.
    expect(result.itemIds).toEqual(['start', 'near', 'gulbenkian', 'far']);
  });

  it('[OPTIMISE-TIME-03] fixed points keep their place and the stops are timed around them', () => {
    const items = [
      stop('start', -9.2, { visitMinutes: 30 }),
      stop('lunch-area', -9.15, { hours: 'Mo-Su 11:00-15:00' }),
      stop('morning', -9.19, { hours: 'Mo-Su 09:00-11:30' }),
      stop('train', -9.14, { timed: true, fixedAt: '16:00', visitMinutes: 30 }),
      stop('late', -9.12),
    ];
    const result = optimiseDayInTime(items, clock(WEDNESDAY));
    expect(result.itemIds.indexOf('train')).toBe(3);
    expect(result.itemIds.at(-1)).toBe('late');
    expect(result.itemIds.slice(0, 3)).toEqual(['start', 'morning', 'lunch-area']);
    expect(result.warnings).toEqual([]);
  });

  it(`[OPTIMISE-TIME-04] against brute force on up to ${EXACT_STOPS} stops: never more warnings, never longer among the fewest, never worse than given (fast-check)`, () => {
    fc.assert(
      fc.property(dayArb, ({ day, items }) => {
        const result = optimiseDayInTime(items, day);
        const byId = new Map(items.map((i) => [i.id, i]));
        const ordered = result.itemIds.map((id) => byId.get(id) as TimedItem);
        expect([...result.itemIds].sort()).toEqual(items.map((i) => i.id).sort());
        expect(result.itemIds[0]).toBe(items[0]?.id);
        const got = cost(ordered, day);
        let best = { warnings: Infinity, lengthM: Infinity };
        for (const rest of permutations(items.slice(1))) {
          const c = cost([items[0] as TimedItem, ...rest], day);
          if (c.warnings < best.warnings || (c.warnings === best.warnings && c.lengthM < best.lengthM))
            best = c;
        }
        const given = cost(items, day);
        expect(got.warnings).toBeLessThanOrEqual(given.warnings);
        if (got.warnings === given.warnings) expect(got.lengthM).toBeLessThanOrEqual(given.lengthM + 1e-6);
        expect(got.warnings).toBe(best.warnings);
        expect(got.lengthM).toBeLessThanOrEqual(best.lengthM + 1e-6);
        // What it reports is what the timeline shows.
        expect(result.warnings.length).toBe(got.warnings);
      }),
      { numRuns: 100 },
    );
  });

  it('[OPTIMISE-TIME-05] a long day is ordered by local search: never worse than given, and feasible when the shortest order is', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -9.2, max: -9.1, noNaN: true }), { minLength: 12, maxLength: 16 }),
        (lngs) => {
          const items = lngs.map((lng, i) =>
            stop(`s${i}`, lng, { visitMinutes: 20, hours: i % 3 === 0 ? 'Mo-Su 13:00-23:00' : '24/7' }),
          );
          const day = clock(WEDNESDAY);
          const result = optimiseDayInTime(items, day);
          const byId = new Map(items.map((i) => [i.id, i]));
          const got = cost(
            result.itemIds.map((id) => byId.get(id) as TimedItem),
            day,
          );
          const given = cost(items, day);
          expect(got.warnings).toBeLessThanOrEqual(given.warnings);
          if (got.warnings === given.warnings) expect(got.lengthM).toBeLessThanOrEqual(given.lengthM + 1e-6);
        },
      ),
      { numRuns: 15 },
    );
  });
});
