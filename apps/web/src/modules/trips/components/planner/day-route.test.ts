import type { RouteDay } from '@tripcrew/contracts/trip-routes';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { tripKeys } from '../../api/trip-keys.ts';
import { placeItem } from '../../testing/trip-fixtures.ts';
import { tripRoutesKey } from '../../api/trip-routes.ts';
import { legsByTarget, stopCount } from './day-route.tsx';
import { formatDistance, formatDuration } from '../../../../lib/format/distance.ts';
import { legText } from './route-format.ts';

const stop = (id: string): PlannerItem => ({
  _id: id,
  kind: 'feature',
  feature: {
    _id: `f-${id}`,
    title: id,
    address: '',
    description: '',
    rank: null,
    image: { original: '' },
    categoryId: [],
    model: 'places',
    coordinates: { lat: 38.7, lng: -9.1 },
    placeId: 'p',
  },
  place: null,
  text: null,
  time: null,
  date: '2026-12-01',
  position: 0,
  version: 1,
});
const note = (id: string): PlannerItem => ({ ...stop(id), kind: 'note', feature: null, text: id });
const leg = (from: string, to: string) => ({
  fromItemId: from,
  toItemId: to,
  distanceM: 1200,
  durationS: 900,
  source: 'estimate' as const,
  geometry: null,
});

describe('planner distances', () => {
  it('[ROUTE-08] distances and times read "1.2 km · 15 min walk"', () => {
    expect(legText(1234, 900, 'walking')).toBe('1.2 km · 15 min walk');
    expect(formatDistance(847)).toBe('850 m');
    expect(formatDistance(274_296)).toBe('274 km');
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(legText(40_000, 3600, 'driving')).toBe('40 km · 1 h drive');
    expect(legText(3000, 840, 'transit')).toBe('3 km · 14 min transit');
  });

  it('[ROUTE-08] a leg shows before each stop after the first, across notes, only when it matches the order on screen', () => {
    const items = [stop('a'), note('n'), stop('b'), stop('c')];
    expect(stopCount(items)).toBe(3);
    const day: RouteDay = {
      date: '2026-12-01',
      mode: 'walking',
      legs: [leg('a', 'b'), leg('b', 'c')],
      totalDistanceM: 2400,
      totalDurationS: 1800,
      skippedItemIds: ['n'],
      home: { start: null, end: null },
    };
    const legs = legsByTarget(items, day);
    expect([...legs.keys()]).toEqual(['b', 'c']);
    expect(legs.get('b')?.fromItemId).toBe('a');
    // The order changed on screen (c before b): those legs are not known yet (shown as loading).
    const moved = legsByTarget([stop('a'), stop('c'), stop('b')], day);
    expect([...moved.values()]).toEqual([undefined, undefined]);
    expect(legsByTarget(items, undefined).get('b')).toBeUndefined();
  });

  it("[PLACES-PLAN-04] a place of the trip's own is a stop with legs; a note is not", () => {
    const flat = placeItem('flat', 'Our flat', '2026-12-01', 1);
    const items = [stop('a'), flat, note('n'), stop('b')];
    expect(stopCount(items)).toBe(3);
    const day: RouteDay = {
      date: '2026-12-01',
      mode: 'walking',
      legs: [leg('a', flat._id), leg(flat._id, 'b')],
      totalDistanceM: 2400,
      totalDurationS: 1800,
      skippedItemIds: ['n'],
      home: { start: null, end: null },
    };
    expect(legsByTarget(items, day).get('b')?.fromItemId).toBe(flat._id);
  });

  it('[ROUTE-09] the routes query lives under the trips key, so a live planner change from another member refetches it', () => {
    expect(tripRoutesKey('t-1').slice(0, tripKeys.all.length)).toEqual([...tripKeys.all]);
  });
});
