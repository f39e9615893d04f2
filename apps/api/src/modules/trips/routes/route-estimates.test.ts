import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayMode, estimateLeg, haversineM, MODE_CONSTANTS, tripMode } from './route-estimates.ts';
import { optimiseDay, type OptimiserItem, pathLengthM } from './route-optimiser.ts';

const LISBON = { lat: 38.7223, lng: -9.1393 };
const PORTO = { lat: 41.1579, lng: -8.6291 };
const PARIS = { lat: 48.8566, lng: 2.3522 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
/** Two places in Lisbon's Baixa about 1 km apart (Rossio → Praça do Comércio is ~0.8 km). */
const ROSSIO = { lat: 38.7139, lng: -9.1394 };
const COMERCIO = { lat: 38.7075, lng: -9.1364 };

describe('route estimates', () => {
  it('[ROUTE-01] haversine matches known great-circle distances within 1 %', () => {
    // Published great-circle distances: Lisbon–Porto 274 km, Paris–London 343.5 km.
    expect(Math.abs(haversineM(LISBON, PORTO) - 274_000) / 274_000).toBeLessThan(0.01);
    expect(Math.abs(haversineM(PARIS, LONDON) - 343_500) / 343_500).toBeLessThan(0.01);
    expect(haversineM(LISBON, LISBON)).toBe(0);
    expect(haversineM(LISBON, PORTO)).toBeCloseTo(haversineM(PORTO, LISBON), 6);
  });

  it('[ROUTE-01] a leg is the straight line × the detour factor at the mode speed, transit adds its wait', () => {
    const straight = haversineM(ROSSIO, COMERCIO);
    const walk = estimateLeg(ROSSIO, COMERCIO, 'walking');
    expect(walk.distanceM).toBe(Math.round(straight * 1.3));
    // 4.8 km/h = 80 m per minute.
    expect(walk.durationS).toBe(Math.round((straight * 1.3) / (4800 / 3600)));
    const drive = estimateLeg(LISBON, PORTO, 'driving');
    expect(drive.durationS).toBe(Math.round((haversineM(LISBON, PORTO) * 1.3) / (40_000 / 3600)));
    const transit = estimateLeg(ROSSIO, COMERCIO, 'transit');
    expect(transit.durationS).toBe(
      Math.round((straight * 1.3) / (20_000 / 3600) + MODE_CONSTANTS.transit.waitPerLegS),
    );
    expect(estimateLeg(ROSSIO, ROSSIO, 'transit')).toEqual({ distanceM: 0, durationS: 0 });
  });

  it('[ROUTE-02] a day is walking only in a city with every leg at most 2.5 km; else the trip mode', () => {
    expect(tripMode('private')).toBe('driving');
    expect(tripMode('public')).toBe('transit');
    expect(dayMode([ROSSIO, COMERCIO], 'private', 'City')).toBe('walking');
    expect(dayMode([ROSSIO, COMERCIO], 'public', 'Region')).toBe('transit');
    expect(dayMode([ROSSIO, COMERCIO, LISBON, PORTO], 'private', 'City')).toBe('driving');
    expect(dayMode([LISBON, PORTO], 'public', 'City')).toBe('transit');
  });
});

const stop = (id: string, lng: number, lat: number, timed = false): OptimiserItem => ({
  id,
  point: { lng, lat },
  timed,
});
const note = (id: string, timed = false): OptimiserItem => ({ id, point: null, timed });

/** Random days near Lisbon: stops (some timed), notes (some timed), features without coordinates. */
/** About one item in five has a time. */
const timedArb = fc.integer({ min: 0, max: 4 }).map((n) => n === 0);
const itemArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      lng: fc.double({ min: -9.25, max: -9.05, noNaN: true }),
      lat: fc.double({ min: 38.68, max: 38.8, noNaN: true }),
      timed: timedArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), timed: timedArb }) },
);
const dayArb = fc
  .array(itemArb, { minLength: 0, maxLength: 14 })
  .map((items) =>
    items.map((item, i): OptimiserItem =>
      item.kind === 'stop' ? stop(`s${i}`, item.lng, item.lat, item.timed) : note(`n${i}`, item.timed),
    ),
  );

describe('route optimiser', () => {
  it('[ROUTE-05] reorders a scrambled day into the short path and says how much shorter', () => {
    // Four stops on a line west → east, given as 0, 3, 1, 2.
    const day = [
      stop('a', -9.2, 38.7),
      stop('d', -9.14, 38.7),
      stop('b', -9.18, 38.7),
      stop('c', -9.16, 38.7),
    ];
    const result = optimiseDay(day);
    expect(result.itemIds).toEqual(['a', 'b', 'c', 'd']);
    expect(result.afterM).toBeLessThan(result.beforeM);
    expect(result.afterM).toBeCloseTo(haversineM({ lng: -9.2, lat: 38.7 }, { lng: -9.14, lat: 38.7 }), 3);
  });

  it('[ROUTE-05] an already short day is left as it is', () => {
    const day = [stop('a', -9.2, 38.7), stop('b', -9.18, 38.7), note('n'), stop('c', -9.16, 38.7)];
    expect(optimiseDay(day).itemIds).toEqual(['a', 'b', 'n', 'c']);
  });

  it('[ROUTE-05] never longer than the given order, on random days (fast-check)', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const result = optimiseDay(day);
        expect([...result.itemIds].sort()).toEqual(day.map((i) => i.id).sort());
        const byId = new Map(day.map((i) => [i.id, i]));
        const after = pathLengthM(result.itemIds.map((id) => byId.get(id) as OptimiserItem));
        expect(after).toBeLessThanOrEqual(pathLengthM(day) + 1e-6);
        expect(result.afterM).toBeCloseTo(after, 6);
      }),
      { numRuns: 400 },
    );
  });

  it('[ROUTE-05] the first stop, timed items, notes and stops without coordinates keep their index (fast-check)', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { itemIds } = optimiseDay(day);
        const firstStop = day.findIndex((i) => i.point !== null);
        day.forEach((item, index) => {
          if (index === firstStop || item.timed || item.point === null) expect(itemIds[index]).toBe(item.id);
        });
        // No stop crosses an anchor: the set of items between two timed items is unchanged.
        const cut = (ids: readonly string[]) => {
          const groups: string[][] = [[]];
          ids.forEach((id) => {
            const item = day.find((i) => i.id === id) as OptimiserItem;
            if (item.timed) groups.push([]);
            else (groups.at(-1) as string[]).push(id);
          });
          return groups.map((g) => g.sort());
        };
        expect(cut(itemIds)).toEqual(cut(day.map((i) => i.id)));
      }),
      { numRuns: 400 },
    );
  });

  it('[ROUTE-05] a timed stop is a fixed end: the stops before it are ordered to reach it', () => {
    // a (first, pinned) … then x and y before a timed stop t far east: a → y → x → t is longer than a → x → y → t.
    const day = [
      stop('a', -9.2, 38.7),
      stop('y', -9.15, 38.7),
      stop('x', -9.19, 38.7),
      stop('t', -9.1, 38.7, true),
    ];
    expect(optimiseDay(day).itemIds).toEqual(['a', 'x', 'y', 't']);
  });
});
