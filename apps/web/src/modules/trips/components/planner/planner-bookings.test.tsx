import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zoneOffsetMinutes } from '@tripcrew/contracts/zoned-time';
import { renderAt, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { featureItem, makeFeature, mockTripApi, noteItem } from '../../testing/trip-fixtures.ts';
import { flight, lodging } from '../bookings/booking-test-fixtures.ts';
import { PlannerBookingRow } from './planner-bookings.tsx';
import type { DayBooking } from './planner-bookings.ts';
import { PlannerTab } from './planner-tab.tsx';

const LIS = { name: 'Lisbon', address: '', coordinates: { lat: 38.77, lng: -9.13 }, iata: 'LIS' };
const JFK = { name: 'New York JFK', address: '', coordinates: { lat: 40.64, lng: -73.78 }, iata: 'JFK' };
const NRT = { name: 'Tokyo Narita', address: '', coordinates: { lat: 35.77, lng: 140.39 }, iata: 'NRT' };

/** 5 May 2031, 07:40 in Lisbon (WEST, UTC+1) → 10:30 in New York (EDT, UTC-4): 7 h 50. */
const toNewYork = flight({
  _id: 'fl-1',
  title: 'Lisbon to New York',
  start: { local: '2031-05-05T07:40', zone: 'Europe/Lisbon', at: '2031-05-05T06:40:00.000Z', place: LIS },
  end: { local: '2031-05-05T10:30', zone: 'America/New_York', at: '2031-05-05T14:30:00.000Z', place: JFK },
});
/** 6 May 23:30 in Lisbon → 7 May 19:20 in Tokyo. */
const toTokyo = flight({
  _id: 'fl-2',
  title: 'Lisbon to Tokyo',
  start: { local: '2031-05-06T23:30', zone: 'Europe/Lisbon', at: '2031-05-06T22:30:00.000Z', place: LIS },
  end: { local: '2031-05-07T19:20', zone: 'Asia/Tokyo', at: '2031-05-07T10:20:00.000Z', place: NRT },
});
/** Casa Ana: in on 5 May at 15:00, out on 8 May at 11:00. */
const casaAna = lodging({
  _id: 'lo-1',
  title: 'Casa Ana',
  start: { local: '2031-05-05T15:00', zone: 'Europe/Lisbon', at: '2031-05-05T14:00:00.000Z', place: null },
  end: { local: '2031-05-08T11:00', zone: 'Europe/Lisbon', at: '2031-05-08T10:00:00.000Z', place: null },
});

/** Day 1: coffee at 06:30, the museum at 10:00, then an untimed feature; days 2-4 empty. */
function planner(): Planner {
  return {
    days: [
      {
        date: '2031-05-05',
        items: [
          noteItem('n-1', 'Early coffee', '2031-05-05', 0, '06:30'),
          noteItem('n-2', 'Museum visit', '2031-05-05', 1, '10:00'),
          featureItem(makeFeature(1), '2031-05-05', 2),
        ],
      },
      { date: '2031-05-06', items: [] },
      { date: '2031-05-07', items: [] },
      { date: '2031-05-08', items: [] },
    ],
    tray: [],
  };
}

const home = { bookingId: 'lo-1', name: 'Casa Ana', coordinates: { lat: 38.71, lng: -9.13 } };
const leg = (fromItemId: string, toItemId: string) => ({
  fromItemId,
  toItemId,
  distanceM: 1200,
  durationS: 900,
  source: 'estimate' as const,
  geometry: null,
});

function routes(): TripRoutes {
  return {
    mode: 'driving',
    days: planner().days.map((day) => ({
      date: day.date,
      mode: 'walking' as const,
      legs: day.date === '2031-05-06' ? [leg('lo-1', 'i-f3'), leg('i-f3', 'lo-1')] : [],
      totalDistanceM: 0,
      totalDurationS: 0,
      skippedItemIds: [],
      home: day.date === '2031-05-06' ? { start: home, end: home } : { start: null, end: null },
    })),
  };
}

function mockApi(bookings: TripBooking[] = [toTokyo, casaAna, toNewYork]) {
  return mockTripApi({
    extra: (request) => {
      if (request.path === '/core/trips/t-1/planner') return jsonResponse(200, planner());
      if (request.path === '/core/trips/t-1/routes') return jsonResponse(200, routes());
      if (request.path === '/core/trips/t-1/bookings') return jsonResponse(200, bookings);
      return undefined;
    },
  });
}

function renderPlanner(canEdit = true) {
  const result = renderAt(<PlannerTab tripId="t-1" tripName="Lisbon" canEdit={canEdit} isAdmin={false} />, {
    path: '/trips/t-1?tab=planner&view=map',
  });
  signIn(result.store);
  return result;
}

const day = async (date: string) =>
  (await screen.findAllByTestId('planner-day')).find((element) => element.dataset.date === date)!;

/** The rows of a day in the order they show: items by title, bookings by kind and title. */
const rowsOf = (element: HTMLElement) =>
  Array.from(
    element.querySelectorAll<HTMLElement>('[data-testid="planner-item"], [data-testid="planner-booking"]'),
  ).map((row) =>
    row.dataset.testid === 'planner-item'
      ? within(row).getByTestId('planner-item-title').textContent
      : `${within(row).getByTestId('planner-booking-kind').textContent}: ${within(row).getByTestId('planner-booking-title').textContent}`,
  );

const savedZone = process.env.TZ;

/**
 * The browser moved to `zone`: TZ (enough in a process of its own; a VM-context worker keeps the
 * zone it started in), and, for such workers, formatters without a zone of their own and Date's
 * local readings in that zone too. Returns the way back.
 */
function liveIn(zone: string): () => void {
  process.env.TZ = zone;
  const Native = Intl.DateTimeFormat;
  const inZone = (date: Date, options: Intl.DateTimeFormatOptions) =>
    Number(new Native('en-GB', { ...options, timeZone: zone, hourCycle: 'h23' }).format(date));
  const spies = [
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      locales?: string | string[],
      options?: Intl.DateTimeFormatOptions,
    ) {
      return new Native(locales, { timeZone: zone, ...options });
    } as unknown as typeof Intl.DateTimeFormat),
    vi.spyOn(Date.prototype, 'getHours').mockImplementation(function (this: Date) {
      return inZone(this, { hour: 'numeric' }) % 24;
    }),
    vi.spyOn(Date.prototype, 'getMinutes').mockImplementation(function (this: Date) {
      return inZone(this, { minute: 'numeric' });
    }),
    vi.spyOn(Date.prototype, 'getDate').mockImplementation(function (this: Date) {
      return inZone(this, { day: 'numeric' });
    }),
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
      return -zoneOffsetMinutes(this, zone);
    }),
    vi.spyOn(Date.prototype, 'toLocaleTimeString').mockImplementation(function (
      this: Date,
      locales,
      options,
    ) {
      return new Native(locales, { ...(options ?? { timeStyle: 'short' }), timeZone: zone }).format(this);
    }),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
    process.env.TZ = savedZone;
  };
}
afterEach(() => {
  process.env.TZ = savedZone;
});
resetMocksAfterEach();

describe('bookings on the planner', () => {
  it('[BOOKINGS-PLAN-WEB-01] a flight shows on its departure day at its local time, among the timed stops', async () => {
    mockApi();
    renderPlanner();
    const first = await day('2031-05-05');
    await within(first).findAllByTestId('planner-booking');
    expect(rowsOf(first)).toEqual([
      'Early coffee',
      'Flight: Lisbon to New York',
      'Museum visit',
      'Feature 1',
      'Check-in: Casa Ana',
    ]);
    const row = within(first).getAllByTestId('planner-booking')[0]!;
    expect(within(row).getByTestId('planner-booking-time').textContent).toBe('07:40 WEST');
    expect(within(row).getByTestId('planner-booking-route').textContent).toBe('LIS → JFK');
    expect(within(row).getByTestId('planner-booking-duration').textContent).toBe('7 h 50');
    expect(within(row).queryByTestId('planner-booking-later')).toBeNull();
    // Read-only: no drag handle, no move menu, not counted among the day's items.
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.dataset.itemId).toBeUndefined();
    expect(within(first).getByTestId('planner-count').textContent).toBe('3');
  });

  it('[BOOKINGS-PLAN-WEB-02] an overnight flight says when it arrives; lodging: staying at, then its check-out', async () => {
    mockApi();
    renderPlanner(false);
    const second = await day('2031-05-06');
    const tokyo = await within(second).findByTestId('planner-booking');
    expect(within(tokyo).getByTestId('planner-booking-time').textContent).toBe('23:30 WEST');
    expect(within(tokyo).getByTestId('planner-booking-later').textContent).toBe('Arrives 7 May 19:20 GMT+9');
    expect(within(second).getByTestId('planner-staying').textContent).toBe('Staying at Casa Ana');
    // Its arrival day has the arrival (planner-booking-legs.test.tsx).
    const third = await day('2031-05-07');
    expect(rowsOf(third)).toEqual(['Arrival: Lisbon to Tokyo']);
    expect(within(third).getByTestId('planner-staying').textContent).toBe('Staying at Casa Ana');
    const last = await day('2031-05-08');
    expect(rowsOf(last)).toEqual(['Check-out: Casa Ana']);
    expect(within(last).getByTestId('planner-booking-time').textContent).toBe('11:00 WEST');
    expect(within(last).queryByTestId('planner-staying')).toBeNull();
    // A viewer's day with only bookings does not say 'Nothing planned'.
    expect(within(last).queryByText('Nothing planned')).toBeNull();
    expect(within(await day('2031-05-07')).queryByText('Nothing planned')).toBeNull();
  });

  it('[BOOKINGS-PLAN-WEB-03] the day header says where the day starts and ends, with the legs from and to home', async () => {
    mockApi();
    renderPlanner();
    const second = await day('2031-05-06');
    expect((await within(second).findByTestId('planner-home-start')).textContent).toBe(
      'From Casa Ana · 1.2 km · 15 min walk',
    );
    expect(within(second).getByTestId('planner-home-end').textContent).toBe(
      'Back to Casa Ana · 1.2 km · 15 min walk',
    );
    expect(within(await day('2031-05-05')).queryByTestId('planner-home-start')).toBeNull();
  });

  it('[BOOKINGS-PLAN-WEB-04] a row is a link to the Bookings tab, reached and opened from the keyboard', async () => {
    mockApi();
    const { router } = renderPlanner();
    const first = await day('2031-05-05');
    const link = await within(first).findByRole('link', { name: /Flight · Lisbon to New York/ });
    expect(link.className).toContain('min-h-11');
    link.focus();
    expect(document.activeElement).toBe(link);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/trips/t-1');
    expect(router.state.location.search).toBe('?tab=bookings');
  });

  it('[BOOKINGS-PLAN-WEB-05] without bookings (or when they cannot be read) the plan shows as before', async () => {
    mockApi([]);
    renderPlanner();
    const first = await day('2031-05-05');
    await within(first).findAllByTestId('planner-item');
    expect(within(first).queryByTestId('planner-booking')).toBeNull();
    expect(within(first).queryByTestId('planner-day-bookings')).toBeNull();
  });

  it('[BOOKINGS-PLAN-WEB-06] a booking at 07:40 Lisbon time shows 07:40 whatever the browser zone', () => {
    const winter = flight();
    const row: DayBooking = { key: 'x', booking: winter, role: 'start', end: winter.start, time: '07:40' };
    for (const zone of [
      'UTC',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ]) {
      const leave = liveIn(zone);
      expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      // The control: a time read in the browser's zone would not say 07:40 there.
      const naive = new Date(winter.start.at).toLocaleTimeString('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(naive === '07:40').toBe(zone === 'UTC');
      const { unmount } = renderAt(
        <ul>
          <PlannerBookingRow row={row} to="/trips/t-1?tab=bookings" />
        </ul>,
      );
      expect(screen.getByTestId('planner-booking-time').textContent).toBe('07:40 WET');
      expect(screen.getByTestId('planner-booking-duration').textContent).toBe('7 h 50');
      unmount();
      leave();
    }
  });
});
