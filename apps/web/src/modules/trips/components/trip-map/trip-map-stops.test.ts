import type { Planner } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { featureItem, makeFeature, noteItem, placeItem } from '../../testing/trip-fixtures.ts';
import {
  ALL_DAYS,
  DAY_COLOURS,
  dayColour,
  dayLines,
  dayOptions,
  legendEntries,
  legGeometryOf,
  type MapStop,
  tripStops,
  UNSCHEDULED_COLOUR,
  validFilter,
} from './trip-map-stops.ts';

const located = (i: number, lng: number, lat: number) =>
  makeFeature(i, { title: `Stop ${i}`, coordinates: { lat, lng } });

/** Day 1: stops 1, (a note), 2, (no location), 3; day 2: stop 4; day 3 empty; tray: 5 and 6 (no location). */
function lisbonPlanner(): Planner {
  return {
    days: [
      {
        date: '2031-06-02',
        items: [
          featureItem(located(1, -9.2159, 38.6916), '2031-06-02', 0),
          noteItem('n-1', 'Coffee', '2031-06-02', 1),
          featureItem(located(2, -9.2065, 38.6979), '2031-06-02', 2),
          featureItem(makeFeature(9), '2031-06-02', 3),
          featureItem(located(3, -9.1335, 38.7139), '2031-06-02', 4),
        ],
      },
      { date: '2031-06-03', items: [featureItem(located(4, -9.1427, 38.7105), '2031-06-03', 0)] },
      { date: '2031-06-04', items: [] },
    ],
    tray: [featureItem(located(5, -9.1393, 38.7223), null, 0), featureItem(makeFeature(6), null, 1)],
  };
}

/** Relative luminance and contrast ratio (WCAG 2). */
function luminance(hex: string): number {
  const channel = (start: number) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('tripStops', () => {
  it("[TRIPMAP-01] numbers each day's located features 1..n in the day's order, in the day's colour", () => {
    const stops = tripStops(lisbonPlanner());
    const day1 = stops.filter((stop) => stop.dayIndex === 0);
    expect(day1.map((stop) => [stop.title, stop.number])).toEqual([
      ['Stop 1', 1],
      ['Stop 2', 2],
      ['Stop 3', 3],
    ]);
    expect(new Set(day1.map((stop) => stop.colour))).toEqual(new Set([DAY_COLOURS[0]]));
    const day2 = stops.filter((stop) => stop.dayIndex === 1);
    expect(day2.map((stop) => [stop.title, stop.number, stop.colour])).toEqual([
      ['Stop 4', 1, DAY_COLOURS[1]],
    ]);
    expect(day1[1]?.label).toBe('Day 1, stop 2: Stop 2');
    expect(day1[0]?.lngLat).toEqual([-9.2159, 38.6916]);
  });

  it("[PLACES-PLAN-04] a place of the trip's own is a stop like a feature: numbered on its day, grey in the tray", () => {
    const planner = lisbonPlanner();
    planner.days[1]?.items.unshift(
      placeItem('flat', 'Our flat', '2031-06-03', 0, { lat: 38.7118, lng: -9.1303 }),
    );
    planner.tray.push(placeItem('bar', 'Friend’s bar', null, 2, { lat: 38.71, lng: -9.14 }));
    const stops = tripStops(planner);
    expect(stops.find((s) => s.itemId === 'i-flat')).toMatchObject({
      title: 'Our flat',
      lngLat: [-9.1303, 38.7118],
      number: 1,
      label: 'Day 2, stop 1: Our flat',
    });
    expect(stops.find((s) => s.title === 'Stop 4')?.number).toBe(2);
    expect(stops.find((s) => s.itemId === 'i-bar')).toMatchObject({
      number: null,
      colour: UNSCHEDULED_COLOUR,
    });
  });

  it('[TRIPMAP-02] skips notes and features without coordinates (the numbering closes the gap)', () => {
    const stops = tripStops(lisbonPlanner());
    expect(stops.map((stop) => stop.title)).not.toContain('Feature 9');
    expect(stops.map((stop) => stop.title)).not.toContain('Feature 6');
    expect(stops.find((stop) => stop.itemId === 'n-1')).toBeUndefined();
    expect(stops).toHaveLength(5);
  });

  it('[TRIPMAP-03] shows tray features greyed and unnumbered, named as unscheduled', () => {
    const tray = tripStops(lisbonPlanner()).filter((stop) => stop.dayIndex === null);
    expect(tray).toEqual([
      expect.objectContaining({
        title: 'Stop 5',
        number: null,
        date: null,
        colour: UNSCHEDULED_COLOUR,
        label: 'Unscheduled: Stop 5',
      }),
    ]);
  });

  it('[TRIPMAP-04] a day filter keeps only that day (no tray); an unknown day falls back to all days', () => {
    const planner = lisbonPlanner();
    expect(tripStops(planner, '2031-06-03').map((stop) => stop.label)).toEqual(['Day 2, stop 1: Stop 4']);
    expect(tripStops(planner, '2031-06-04')).toEqual([]);
    expect(validFilter(planner, '2031-06-03')).toBe('2031-06-03');
    expect(validFilter(planner, '2030-01-01')).toBe(ALL_DAYS);
    expect(tripStops(planner, ALL_DAYS)).toHaveLength(5);
  });

  it('[TRIPMAP-05] refuses impossible coordinates rather than drawing them', () => {
    const planner: Planner = {
      days: [],
      tray: [featureItem(makeFeature(1, { coordinates: { lat: 120, lng: 10 } }), null, 0)],
    };
    expect(tripStops(planner)).toEqual([]);
  });
});

describe('dayLines', () => {
  it("[TRIPMAP-06] joins each day's stops in order with one line in the day's colour; one stop, no line; the tray never", () => {
    const lines = dayLines(tripStops(lisbonPlanner()));
    expect(lines.features).toHaveLength(1);
    const [line] = lines.features;
    expect(line?.properties).toEqual({ dayIndex: 0, date: '2031-06-02', colour: DAY_COLOURS[0] });
    expect(line?.geometry.coordinates).toEqual([
      [-9.2159, 38.6916],
      [-9.2065, 38.6979],
      [-9.1335, 38.7139],
    ]);
  });

  it('[TRIPMAP-07] takes a leg path when one is given, straight legs otherwise', () => {
    const stops = tripStops(lisbonPlanner());
    const via: [number, number] = [-9.18, 38.7];
    const lines = dayLines(stops, (from, to) =>
      from.title === 'Stop 2' && to.title === 'Stop 3' ? [from.lngLat, via, to.lngLat] : null,
    );
    expect(lines.features[0]?.geometry.coordinates).toEqual([
      [-9.2159, 38.6916],
      [-9.2065, 38.6979],
      via,
      [-9.1335, 38.7139],
    ]);
  });

  it('[TRIPMAP-07] a routed leg of GET …/routes is drawn along its path; estimated legs stay straight', () => {
    const stops = tripStops(lisbonPlanner());
    const [one, two, three] = stops.filter((stop) => stop.dayIndex === 0) as [MapStop, MapStop, MapStop];
    const via: [number, number] = [-9.17, 38.71];
    const routes = {
      days: [
        {
          legs: [
            { fromItemId: one.itemId, toItemId: two.itemId, geometry: null },
            { fromItemId: two.itemId, toItemId: three.itemId, geometry: [two.lngLat, via, three.lngLat] },
          ],
        },
      ],
    };
    expect(legGeometryOf(undefined)).toBeUndefined();
    expect(
      legGeometryOf({ days: [{ legs: [{ fromItemId: 'a', toItemId: 'b', geometry: null }] }] }),
    ).toBeUndefined();
    expect(dayLines(stops, legGeometryOf(routes)).features[0]?.geometry.coordinates).toEqual([
      one.lngLat,
      two.lngLat,
      via,
      three.lngLat,
    ]);
  });

  it('[TRIPMAP-07] draws in number order even when the stops come unordered', () => {
    const stops = tripStops(lisbonPlanner()).filter((stop) => stop.dayIndex === 0);
    const reversed = [...stops].reverse();
    expect(dayLines(reversed).features[0]?.geometry.coordinates[0]).toEqual([-9.2159, 38.6916]);
  });
});

describe('palette, filter and legend', () => {
  it('[TRIPMAP-08] eight distinct day colours, each with a white number at 4.5:1 or more; day 9 repeats day 1', () => {
    expect(new Set(DAY_COLOURS).size).toBe(8);
    for (const colour of [...DAY_COLOURS, UNSCHEDULED_COLOUR]) {
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(dayColour(8)).toBe(DAY_COLOURS[0]);
  });

  it("[TRIPMAP-10] the filter offers 'All days' and every day as 'Day 1 · Mon 2 Jun'", () => {
    expect(dayOptions(lisbonPlanner())).toEqual([
      { value: 'all', label: 'All days' },
      { value: '2031-06-02', label: 'Day 1 · Mon 2 Jun' },
      { value: '2031-06-03', label: 'Day 2 · Tue 3 Jun' },
      { value: '2031-06-04', label: 'Day 3 · Wed 4 Jun' },
    ]);
  });

  it('[TRIPMAP-11] the legend lists the days with stops in their colours, then the unscheduled', () => {
    const planner = lisbonPlanner();
    expect(legendEntries(planner, tripStops(planner))).toEqual([
      { key: '2031-06-02', label: 'Day 1 · Mon 2 Jun', colour: DAY_COLOURS[0], count: 3 },
      { key: '2031-06-03', label: 'Day 2 · Tue 3 Jun', colour: DAY_COLOURS[1], count: 1 },
      { key: 'tray', label: 'Unscheduled', colour: UNSCHEDULED_COLOUR, count: 1 },
    ]);
  });
});
