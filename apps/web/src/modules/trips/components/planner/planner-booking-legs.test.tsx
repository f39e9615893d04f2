import type { BookingPlace, TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { RouteDay, RouteHome, TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { browserInZone } from '../../../../lib/testing/browser-zone.ts';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { featureItem, makeFeature, mockTripApi, noteItem } from '../../testing/trip-fixtures.ts';
import { flight, lodging } from '../bookings/booking-test-fixtures.ts';
import { arrivalDayShift, bookingsOnDay, dayShiftText, homePlaceOf } from './planner-bookings.ts';
import { PlannerTab } from './planner-tab.tsx';

/** Transport as legs between days on the planner (BOOKINGS-LEGS-WEB). */

const place = (name: string, iata: string | null, lat: number, lng: number): BookingPlace => ({
  name,
  address: '',
  coordinates: { lat, lng },
  iata,
});
const LIS = place('Humberto Delgado Airport', 'LIS', 38.78, -9.14);
const JFK = place('John F. Kennedy International Airport', 'JFK', 40.64, -73.78);
const SANTA_APOLONIA = place('Santa Apolónia', null, 38.71, -9.12);

/**
 * Lisbon 6 May 23:55 (WEST, 22:55 UTC) → New York 7 May 06:10 (EDT, 10:10 UTC): 11 h 15, +1.
 * In a browser at UTC+14 (Kiritimati) it would read 7 May 12:55 → 8 May 00:10.
 */
const overnight = flight({
  _id: 'fl-1',
  title: 'Lisbon to New York',
  start: { local: '2031-05-06T23:55', zone: 'Europe/Lisbon', at: '2031-05-06T22:55:00.000Z', place: LIS },
  end: { local: '2031-05-07T06:10', zone: 'America/New_York', at: '2031-05-07T10:10:00.000Z', place: JFK },
});
/** A morning train the same day: no arrival row, no "+1". */
const sameDay = flight({
  _id: 'tr-1',
  kind: 'train',
  title: 'Alfa Pendular',
  start: {
    local: '2031-05-05T07:00',
    zone: 'Europe/Lisbon',
    at: '2031-05-05T06:00:00.000Z',
    place: place('Porto Campanhã', null, 41.15, -8.59),
  },
  end: {
    local: '2031-05-05T09:50',
    zone: 'Europe/Lisbon',
    at: '2031-05-05T08:50:00.000Z',
    place: SANTA_APOLONIA,
  },
});
/** Casa Ana: in on 5 May, out on 6 May at 11:00. */
const casaAna = lodging({
  _id: 'lo-1',
  title: 'Casa Ana',
  start: { local: '2031-05-05T15:00', zone: 'Europe/Lisbon', at: '2031-05-05T14:00:00.000Z', place: null },
  end: { local: '2031-05-06T11:00', zone: 'Europe/Lisbon', at: '2031-05-06T10:00:00.000Z', place: null },
});

const located = (i: number) => makeFeature(i, { coordinates: { lat: 38.7 + i / 100, lng: -9.14 } });

/** 5 May: a stop; 6 May: a stop; 7 May: breakfast at 09:00 and a stop; 8 May: nothing. */
function planner(): Planner {
  return {
    days: [
      { date: '2031-05-05', items: [featureItem(located(1), '2031-05-05', 0)] },
      { date: '2031-05-06', items: [featureItem(located(2), '2031-05-06', 0)] },
      {
        date: '2031-05-07',
        items: [
          noteItem('n-1', 'Breakfast', '2031-05-07', 0, '09:00'),
          featureItem(located(3), '2031-05-07', 1),
        ],
      },
      { date: '2031-05-08', items: [] },
    ],
    tray: [],
  };
}

const home = (
  bookingId: string,
  kind: RouteHome['kind'],
  at: BookingPlace | null,
  name = at?.name ?? '',
) => ({
  bookingId,
  kind,
  name,
  iata: at?.iata ?? null,
  coordinates: { lat: 38.71, lng: -9.13 },
});
const leg = (fromItemId: string, toItemId: string) => ({
  fromItemId,
  toItemId,
  distanceM: 1200,
  durationS: 900,
  source: 'estimate' as const,
  geometry: null,
});

/** As the API answers: 5 May from the station to the flat; 6 May from the flat to LIS; 7 May from JFK. */
function routes(): TripRoutes {
  const days: Record<string, Pick<RouteDay, 'legs' | 'home'>> = {
    '2031-05-05': {
      legs: [leg('tr-1', 'i-f1'), leg('i-f1', 'lo-1')],
      home: { start: home('tr-1', 'train', SANTA_APOLONIA), end: home('lo-1', 'lodging', null, 'Casa Ana') },
    },
    '2031-05-06': {
      legs: [leg('lo-1', 'i-f2'), leg('i-f2', 'fl-1')],
      home: { start: home('lo-1', 'lodging', null, 'Casa Ana'), end: home('fl-1', 'flight', LIS) },
    },
    '2031-05-07': { legs: [leg('fl-1', 'i-f3')], home: { start: home('fl-1', 'flight', JFK), end: null } },
  };
  return {
    mode: 'driving',
    days: planner().days.map((day) => ({
      date: day.date,
      mode: 'walking' as const,
      totalDistanceM: 0,
      totalDurationS: 0,
      skippedItemIds: [],
      ...(days[day.date] ?? { legs: [], home: { start: null, end: null } }),
    })),
  };
}

function mockApi(bookings: TripBooking[]) {
  return mockTripApi({
    extra: (request) => {
      if (request.path === '/core/trips/t-1/planner') return jsonResponse(200, planner());
      if (request.path === '/core/trips/t-1/routes') return jsonResponse(200, routes());
      if (request.path === '/core/trips/t-1/bookings') return jsonResponse(200, bookings);
      return undefined;
    },
  });
}

function renderPlanner(canEdit: boolean) {
  const result = renderAt(<PlannerTab tripId="t-1" tripName="Lisbon" canEdit={canEdit} isAdmin={false} />, {
    path: '/trips/t-1?tab=planner&view=map',
  });
  signIn(result.store);
  return result;
}

const day = async (date: string) =>
  (await screen.findAllByTestId('planner-day')).find((element) => element.dataset.date === date)!;

/** The rows of a day in the order they show: items by title, bookings by their kind and title. */
const rowsOf = (element: HTMLElement) =>
  Array.from(
    element.querySelectorAll<HTMLElement>('[data-testid="planner-item"], [data-testid="planner-booking"]'),
  ).map((row) =>
    row.dataset.testid === 'planner-item'
      ? within(row).getByTestId('planner-item-title').textContent
      : `${within(row).getByTestId('planner-booking-kind').textContent}: ${within(row).getByTestId('planner-booking-title').textContent}`,
  );

let leaveZone: (() => void) | undefined;
afterEach(() => {
  leaveZone?.();
  leaveZone = undefined;
});
resetMocksAfterEach();

describe('transport as legs between days on the planner', () => {
  it('[BOOKINGS-LEGS-WEB-01] a transport arriving on a later local day has an arrival row there; "+1" counts local days', () => {
    const arrival = bookingsOnDay([casaAna, overnight, sameDay], '2031-05-07');
    expect(arrival.map((row) => [row.key, row.role, row.time])).toEqual([
      ['fl-1:arrival', 'arrival', '06:10'],
    ]);
    expect(arrival[0]?.end).toBe(overnight.end);
    // Its departure day has its start only; a journey within one day has no arrival row.
    expect(bookingsOnDay([overnight], '2031-05-06').map((row) => row.role)).toEqual(['start']);
    expect(bookingsOnDay([sameDay], '2031-05-05').map((row) => row.role)).toEqual(['start']);
    expect(bookingsOnDay([casaAna], '2031-05-06').map((row) => row.role)).toEqual(['check-out']);
    expect(arrivalDayShift(overnight)).toBe(1);
    expect(arrivalDayShift(sameDay)).toBe(0);
    expect(arrivalDayShift(casaAna)).toBe(0);
    // Tokyo 7 May 10:00 → Honolulu 6 May 22:00: the day before.
    const westwards = flight({
      start: { local: '2031-05-07T10:00', zone: 'Asia/Tokyo', at: '2031-05-07T01:00:00.000Z', place: null },
      end: {
        local: '2031-05-06T22:00',
        zone: 'Pacific/Honolulu',
        at: '2031-05-07T08:00:00.000Z',
        place: null,
      },
    });
    expect(arrivalDayShift(westwards)).toBe(-1);
    expect([1, 2, 0, -1].map(dayShiftText)).toEqual(['+1', '+2', '', '−1']);
    expect(homePlaceOf(home('fl-1', 'flight', JFK))).toBe('JFK · John F. Kennedy International Airport');
    expect(homePlaceOf(home('tr-1', 'train', SANTA_APOLONIA))).toBe('Santa Apolónia');
    expect(homePlaceOf(home('fl-1', 'flight', LIS, 'LIS'))).toBe('LIS');
  });

  it('[BOOKINGS-LEGS-WEB-02] an overnight flight reads as a leg with "+1", and arrives on the next local day, whatever the browser zone', async () => {
    leaveZone = browserInZone('Pacific/Kiritimati');
    mockApi([sameDay, casaAna, overnight]);
    renderPlanner(false);
    const sixth = await day('2031-05-06');
    await within(sixth).findAllByTestId('planner-booking');
    expect(rowsOf(sixth)).toEqual(['Feature 2', 'Check-out: Casa Ana', 'Flight: Lisbon to New York']);
    const out = within(sixth).getAllByTestId('planner-booking')[1]!;
    expect(out.dataset.role).toBe('start');
    expect(within(out).getByTestId('planner-booking-time').textContent).toBe('23:55 WEST');
    expect(within(out).getByTestId('planner-booking-leg').textContent).toBe('LIS → JFK · 11 h 15 +1');
    expect(within(out).getByTestId('planner-booking-days').title).toBe('Arrives the next day');

    const seventh = await day('2031-05-07');
    expect(rowsOf(seventh)).toEqual(['Arrival: Lisbon to New York', 'Breakfast', 'Feature 3']);
    const arrival = within(seventh).getByTestId('planner-booking');
    expect(arrival.dataset.role).toBe('arrival');
    expect(within(arrival).getByTestId('planner-booking-time').textContent).toBe('06:10 EDT');
    expect(within(arrival).getByTestId('planner-booking-leg').textContent).toBe('LIS → JFK');
    expect(within(arrival).queryByTestId('planner-booking-later')).toBeNull();
    // Not on the day a browser at UTC+14 would put it on; a viewer's empty day says so.
    const eighth = await day('2031-05-08');
    expect(within(eighth).queryByTestId('planner-booking')).toBeNull();
    expect(within(eighth).getByText('Nothing planned')).toBeTruthy();

    // A journey within one day: its leg without "+1", no arrival row.
    const fifth = await day('2031-05-05');
    const train = within(fifth).getAllByTestId('planner-booking')[0]!;
    expect(within(train).getByTestId('planner-booking-leg').textContent).toBe(
      'Porto Campanhã → Santa Apolónia · 2 h 50',
    );
    expect(within(train).queryByTestId('planner-booking-days')).toBeNull();
  });

  it('[BOOKINGS-LEGS-WEB-03] the home lines name the station or airport when the route starts or ends there', async () => {
    leaveZone = browserInZone('America/Los_Angeles');
    mockApi([sameDay, casaAna, overnight]);
    renderPlanner(true);
    const fifth = await day('2031-05-05');
    const fromStation = await within(fifth).findByTestId('planner-home-start');
    expect(fromStation.textContent).toBe('From Santa Apolónia · 1.2 km · 15 min walk');
    expect(fromStation.dataset.kind).toBe('train');
    expect(within(fifth).getByTestId('planner-home-end').textContent).toBe(
      'Back to Casa Ana · 1.2 km · 15 min walk',
    );

    const sixth = await day('2031-05-06');
    expect(within(sixth).getByTestId('planner-home-start').textContent).toBe(
      'From Casa Ana · 1.2 km · 15 min walk',
    );
    const toAirport = within(sixth).getByTestId('planner-home-end');
    expect(toAirport.textContent).toBe('To LIS · Humberto Delgado Airport · 1.2 km · 15 min walk');
    expect(toAirport.dataset.kind).toBe('flight');

    const seventh = await day('2031-05-07');
    expect(within(seventh).getByTestId('planner-home-start').textContent).toBe(
      'From JFK · John F. Kennedy International Airport · 1.2 km · 15 min walk',
    );
    expect(within(seventh).queryByTestId('planner-home-end')).toBeNull();
  });
});
