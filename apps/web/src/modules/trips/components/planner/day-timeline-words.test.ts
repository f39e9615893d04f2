import { NO_FACTS } from '@tripcrew/contracts/features';
import type { RouteDay } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { featureItem, makeFeature } from '../../testing/trip-fixtures.ts';
import {
  backHomeAt,
  openDayFor,
  plannerTimelines,
  timelineWarningText,
  unfitLines,
} from './day-timeline-words.ts';

const LISBON = 'Europe/Lisbon';
const at = (lat: number, lng: number) => ({ coordinates: { lat, lng }, timeZone: LISBON });

/** Tuesday 1 December 2026: Jerónimos (90 min), then the Gulbenkian, closed on Tuesdays, 25 minutes away. */
function tuesday(): Planner {
  const jeronimos = makeFeature(1, {
    title: 'Mosteiro dos Jerónimos',
    ...at(38.6979, -9.2065),
    facts: { ...NO_FACTS, hours: 'Tu-Su 09:30-17:30', durationMinutes: 90 },
  });
  const gulbenkian = makeFeature(2, {
    title: 'Museu Calouste Gulbenkian',
    ...at(38.7372, -9.1545),
    facts: { ...NO_FACTS, hours: 'We-Mo 10:00-18:00', durationMinutes: 150 },
  });
  return {
    days: [
      {
        date: '2026-12-01',
        items: [featureItem(jeronimos, '2026-12-01', 0), featureItem(gulbenkian, '2026-12-01', 1)],
      },
    ],
    tray: [],
  };
}

const ROUTE: RouteDay = {
  date: '2026-12-01',
  mode: 'transit',
  legs: [
    {
      fromItemId: 'i-f1',
      toItemId: 'i-f2',
      distanceM: 6200,
      durationS: 1500,
      source: 'estimate',
      geometry: null,
    },
  ],
  totalDistanceM: 6200,
  totalDurationS: 1500,
  skippedItemIds: [],
  home: { start: null, end: null },
};

describe("the planner's timeline", () => {
  it('[TIMELINE-WEB-01] a day from 09:00: each stop after its leg and its visit, with its warnings in words', () => {
    const timelines = plannerTimelines(tuesday(), new Map([['2026-12-01', ROUTE]]));
    expect(timelines.get('i-f1')).toEqual({
      id: 'i-f1',
      arrive: '09:00',
      leave: '10:30',
      warnings: [{ kind: 'before-opening', opensAt: '09:30' }],
    });
    expect(timelines.get('i-f2')).toMatchObject({
      arrive: '10:55',
      leave: '13:25',
      warnings: [{ kind: 'closed-day' }],
    });
    expect(timelineWarningText({ kind: 'closed-day' })).toBe('Closed on this day');
    expect(timelineWarningText({ kind: 'before-opening', opensAt: '09:30' })).toBe(
      'Opens at 09:30, after you arrive',
    );
  });

  it('[TIMELINE-WEB-02] before the legs are known, stops follow each other with no travel; the tray has no times', () => {
    const planner = tuesday();
    planner.tray = [featureItem(makeFeature(3), null, 0)];
    const timelines = plannerTimelines(planner, new Map());
    expect(timelines.get('i-f2')).toMatchObject({ arrive: '10:30', leave: '13:00' });
    expect(timelines.has('i-f3')).toBe(false);
  });

  it('[TIMELINE-WEB-03] a stop closed on its day is offered the first day of the plan it is open on', () => {
    const planner = tuesday();
    planner.days.push({ date: '2026-12-02', items: [] }, { date: '2026-12-03', items: [] });
    const gulbenkian = planner.days[0]!.items[1]!;
    expect(openDayFor(planner, gulbenkian)).toBe('2026-12-02');
    // Without hours there is nothing to go by.
    expect(openDayFor(planner, featureItem(makeFeature(4), '2026-12-01', 2))).toBeNull();
  });

  it('[TIMELINE-WEB-04] a day that ends at its lodging says when the group is back there', () => {
    const route: RouteDay = {
      ...ROUTE,
      legs: [
        ...ROUTE.legs,
        {
          fromItemId: 'i-f2',
          toItemId: 'b-flat',
          distanceM: 3000,
          durationS: 900,
          source: 'estimate',
          geometry: null,
        },
      ],
      home: {
        start: null,
        end: {
          bookingId: 'b-flat',
          kind: 'lodging',
          name: 'Casa Ana',
          iata: null,
          coordinates: { lat: 38.71, lng: -9.14 },
        },
      },
    };
    const timelines = plannerTimelines(tuesday(), new Map([['2026-12-01', route]]));
    expect(backHomeAt(route, timelines)).toEqual({ name: 'Casa Ana', at: '13:40' });
    expect(backHomeAt(ROUTE, timelines)).toBeNull();
  });
});

describe('hours corrected for the trip, and days no order fits', () => {
  it("[HOURS-FIX-02] a member's correction wins over the place's hours in the timeline and the open day offered", () => {
    const planner = tuesday();
    const gulbenkian = planner.days[0]!.items[1]!;
    planner.days[0]!.items[1] = { ...gulbenkian, hours: 'Tu 10:00-18:00' };
    expect(plannerTimelines(planner, new Map([['2026-12-01', ROUTE]])).get('i-f2')?.warnings).toEqual([]);
    planner.days.push({ date: '2026-12-02', items: [] });
    planner.days[0]!.items[1] = { ...gulbenkian, hours: 'Th 10:00-18:00' };
    expect(openDayFor(planner, planner.days[0]!.items[1])).toBeNull();
  });

  it('[OPTIMISE-TIME-WEB-01] why no order fits, in words: the weekday for a closed day, the warning otherwise', () => {
    const items = tuesday().days[0]!.items;
    expect(
      unfitLines(
        [
          { itemId: 'i-f2', warning: { kind: 'closed-day' } },
          { itemId: 'i-f1', warning: { kind: 'before-opening', opensAt: '09:30' } },
        ],
        '2026-12-01',
        items,
      ),
    ).toEqual([
      'Museu Calouste Gulbenkian is closed on Tuesdays',
      'Mosteiro dos Jerónimos: Opens at 09:30, after you arrive',
    ]);
  });
});
