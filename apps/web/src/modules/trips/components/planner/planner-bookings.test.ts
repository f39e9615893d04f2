import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { RouteDay } from '@tripcrew/contracts/trip-routes';
import { describe, expect, it } from 'vitest';
import { flight, lodging } from '../bookings/booking-test-fixtures.ts';
import {
  bookingsOnDay,
  bookingsTabSearch,
  endsOnAnotherDay,
  homeLegsOf,
  placeAmongItems,
  stayingOn,
} from './planner-bookings.ts';

/** An end at a local time of Lisbon (winter: UTC+0), its instant to match. */
const lisbon = (local: string, place: TripBooking['start']['place'] = null): TripBooking['start'] => ({
  local,
  zone: 'Europe/Lisbon',
  at: `${local}:00.000Z`,
  place,
});

const outbound = flight({ _id: 'fl-1', start: lisbon('2031-01-10T07:40'), end: lisbon('2031-01-10T09:00') });
const overnight = flight({
  _id: 'fl-2',
  title: 'Lisbon to Tokyo',
  start: lisbon('2031-01-10T23:30'),
  end: { local: '2031-01-11T19:20', zone: 'Asia/Tokyo', at: '2031-01-11T10:20:00.000Z', place: null },
});
const stay = lodging({ _id: 'lo-1', start: lisbon('2031-01-10T15:00'), end: lisbon('2031-01-13T11:00') });

describe('bookings on the planner days', () => {
  it('[BOOKINGS-PLAN-WEB-01] a booking is on the day of its LOCAL start date, in local time order', () => {
    // 23:30 in Lisbon is already the 11th in UTC+1 and later zones: it stays on the 10th.
    const rows = bookingsOnDay([overnight, stay, outbound], '2031-01-10');
    expect(rows.map((row) => [row.booking._id, row.role, row.time])).toEqual([
      ['fl-1', 'start', '07:40'],
      ['lo-1', 'start', '15:00'],
      ['fl-2', 'start', '23:30'],
    ]);
    // Its arrival is a row of the 11th (role 'arrival'), not a start.
    expect(bookingsOnDay([overnight], '2031-01-11').map((row) => row.role)).toEqual(['arrival']);
  });

  it('[BOOKINGS-PLAN-WEB-02] lodging shows again on its check-out day; the nights between say where they sleep', () => {
    expect(bookingsOnDay([stay], '2031-01-13').map((row) => [row.key, row.role, row.time])).toEqual([
      ['lo-1:check-out', 'check-out', '11:00'],
    ]);
    expect(bookingsOnDay([stay], '2031-01-12')).toEqual([]);
    expect(stayingOn([stay, outbound], '2031-01-11').map((booking) => booking._id)).toEqual(['lo-1']);
    expect(stayingOn([stay], '2031-01-12')).toHaveLength(1);
    expect(stayingOn([stay], '2031-01-10')).toEqual([]);
    expect(stayingOn([stay], '2031-01-13')).toEqual([]);
    // A day's use of a room (in and out the same day) has one row.
    const dayUse = lodging({
      _id: 'lo-2',
      start: lisbon('2031-01-10T09:00'),
      end: lisbon('2031-01-10T18:00'),
    });
    expect(bookingsOnDay([dayUse], '2031-01-10')).toHaveLength(1);
  });

  it('[BOOKINGS-PLAN-WEB-03] a transport arriving on another local day says so; one arriving the same day does not', () => {
    expect(endsOnAnotherDay(overnight)?.local).toBe('2031-01-11T19:20');
    expect(endsOnAnotherDay(outbound)).toBeNull();
    expect(endsOnAnotherDay(flight({ end: null }))).toBeNull();
  });

  it('[BOOKINGS-PLAN-WEB-04] rows go before the first item whose time is later; untimed items keep their order', () => {
    const items = [
      { _id: 'a', time: null },
      { _id: 'b', time: '09:30' },
      { _id: 'c', time: null },
      { _id: 'd', time: '14:00' },
      { _id: 'e', time: null },
    ];
    const rows = bookingsOnDay([overnight, stay, outbound], '2031-01-10');
    const placement = placeAmongItems(items, rows);
    expect(placement.before.get('b')?.map((row) => row.booking._id)).toEqual(['fl-1']);
    expect(placement.before.has('d')).toBe(false);
    expect(placement.after.map((row) => row.booking._id)).toEqual(['lo-1', 'fl-2']);
    // At the same time as an item: after it.
    const same = placeAmongItems([{ _id: 'x', time: '07:40' }], rows);
    expect(same.before.size).toBe(0);
    expect(same.after).toHaveLength(3);
    // A day without items: every row after (none).
    expect(placeAmongItems([], rows).after).toHaveLength(3);
  });

  it('[BOOKINGS-PLAN-WEB-05] the home legs are the one leaving home.start and the one reaching home.end', () => {
    const home = {
      bookingId: 'lo-1',
      kind: 'lodging' as const,
      name: 'Casa Ana',
      iata: null,
      coordinates: { lat: 38.71, lng: -9.13 },
    };
    const leg = (fromItemId: string, toItemId: string, distanceM: number) => ({
      fromItemId,
      toItemId,
      distanceM,
      durationS: 600,
      source: 'estimate' as const,
      geometry: null,
    });
    const day: RouteDay = {
      date: '2031-01-11',
      mode: 'walking',
      legs: [leg('lo-1', 'i-1', 800), leg('i-1', 'i-2', 1200), leg('i-2', 'lo-1', 950)],
      totalDistanceM: 2950,
      totalDurationS: 1800,
      skippedItemIds: [],
      home: { start: home, end: home },
    };
    const legs = homeLegsOf(day);
    expect(legs.start?.leg?.distanceM).toBe(800);
    expect(legs.end?.leg?.distanceM).toBe(950);
    expect(homeLegsOf({ ...day, home: { start: null, end: null } })).toEqual({ start: null, end: null });
    expect(homeLegsOf(undefined)).toEqual({ start: null, end: null });
  });

  it('[BOOKINGS-PLAN-WEB-06] the link opens the Bookings tab, keeping the other search params but the map view', () => {
    expect(bookingsTabSearch(new URLSearchParams('tab=planner&view=map&x=1'))).toBe('?tab=bookings&x=1');
    expect(bookingsTabSearch(new URLSearchParams(''))).toBe('?tab=bookings');
  });
});
