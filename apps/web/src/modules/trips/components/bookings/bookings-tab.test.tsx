import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { deferred } from '../../../../lib/testing/fetch-mock.ts';
import { tripKeys } from '../../api/trip-keys.ts';
import { failThenTryAgain, firstGetWaitsFor } from '../../testing/trip-list-checks.ts';
import {
  bookingTrip,
  browserInZone,
  flight,
  ID_1,
  ID_2,
  LIST,
  lodging,
  mockBookings,
} from './booking-test-fixtures.ts';
import { BookingsTab } from './bookings-tab.tsx';

resetMocksAfterEach();

let restoreZone: (() => void) | null = null;
afterEach(() => {
  restoreZone?.();
  restoreZone = null;
});

/** The browser's own zone for the rest of the test. */
function browserIn(zone: string) {
  restoreZone?.();
  restoreZone = browserInZone(zone);
}

let client: QueryClient | undefined;

function renderBookings(role: Parameters<typeof bookingTrip>[0] = 'member') {
  const result = renderWithToasts(<BookingsTab trip={bookingTrip(role)} userId="u-1" />);
  client = result.queryClient;
  signIn(result.store);
  return result;
}

const cards = () => screen.queryAllByTestId('trip-booking');
const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);
const dialog = () => within(screen.getByRole('dialog'));

describe('BookingsTab', () => {
  it('[BOOKINGS-WEB-01] shows a flight at its local time whatever the browser zone', async () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
      // The browser's own zone is far from Lisbon's: the departure still reads 07:40.
      browserIn(zone);
      // The browser really is elsewhere: the instant is not 07:40 there.
      const there = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
      expect(there.format(new Date(flight().start.at))).not.toBe('07:40');
      mockBookings([flight()]);
      const { unmount } = renderBookings();
      const found = within(await screen.findByTestId('trip-booking'));
      expect(found.getByTestId('trip-booking-start').textContent).toBe('07:40 WET');
      expect(found.getByTestId('trip-booking-start').textContent).toContain('07:40');
      expect(found.getByTestId('trip-booking-end').textContent).toBe('10:30 EST');
      expect(found.getByTestId('trip-booking-duration').textContent).toBe('7 h 50');
      expect(screen.getByTestId('trip-bookings-day').textContent).toMatch(/^Tuesday,? 1 December 2026$/);
      unmount();
    }
  });

  it('[BOOKINGS-WEB-02] a card shows the kind, title, provider, carrier and number, route, code, seat, travellers, cost and notes', async () => {
    mockBookings([flight()]);
    renderBookings();
    const found = within(await screen.findByTestId('trip-booking'));
    expect(found.getByRole('heading').textContent).toBe('Lisbon to New York');
    expect(found.getByTestId('trip-booking-kind').getAttribute('data-kind')).toBe('flight');
    expect(found.getByText('Flight · TAP Air Portugal · TP 1350')).toBeTruthy();
    expect(found.getByTestId('trip-booking-from').textContent).toBe('LIS · Lisbon');
    expect(found.getByTestId('trip-booking-to').textContent).toBe('JFK · New York JFK');
    expect(found.getByTestId('trip-booking-code').textContent).toBe('ABC123');
    expect(found.getByTestId('trip-booking-seat').textContent).toBe('12A');
    expect(found.getByTestId('trip-booking-travellers').textContent).toBe('Ada Lovelace, Bob Stone');
    expect(found.getByTestId('trip-booking-cost').textContent).toBe('€420.00');
    expect(found.getByTestId('trip-booking-notes').textContent).toBe('Check in online the day before');
    expect(screen.getByTestId('trip-bookings-count').textContent).toBe('(1)');
  });

  it("[BOOKINGS-WEB-03] bookings are grouped by the day they start where they happen, not the browser's day", async () => {
    browserIn('Asia/Tokyo');
    // A dinner in Los Angeles on 1 December at 23:00 is already 2 December in UTC (and in Tokyo):
    // the server sorts by instant, so it comes after the Lisbon flight of 2 December 06:00.
    const dinner = lodging({
      _id: ID_2,
      kind: 'restaurant',
      title: 'Dinner at Bestia',
      start: {
        local: '2026-12-01T23:00',
        zone: 'America/Los_Angeles',
        at: '2026-12-02T07:00:00.000Z',
        place: { name: 'Bestia', address: '', coordinates: null, iata: null },
      },
      end: null,
    });
    const early = flight({
      start: { ...flight().start, local: '2026-12-02T06:00', at: '2026-12-02T06:00:00.000Z' },
      end: null,
    });
    mockBookings([early, dinner]);
    renderBookings();
    await screen.findAllByTestId('trip-booking');
    const days = screen.getAllByTestId('trip-bookings-day').map((day) => day.textContent);
    expect(days).toHaveLength(2);
    expect(days[0]).toMatch(/^Tuesday,? 1 December 2026$/);
    expect(days[1]).toMatch(/^Wednesday,? 2 December 2026$/);
    expect(card('Dinner at Bestia').getByTestId('trip-booking-start').textContent).toBe('23:00 PST');
    expect(cards().map((entry) => within(entry).getByRole('heading').textContent)).toEqual([
      'Dinner at Bestia',
      'Lisbon to New York',
    ]);
  });

  it('[BOOKINGS-WEB-04] a lodging shows its place and address, check-in and check-out on another day, no duration', async () => {
    mockBookings([lodging()]);
    renderBookings();
    await screen.findByRole('heading', { name: 'Casa Ana' });
    const found = card('Casa Ana');
    expect(found.getByTestId('trip-booking-from').textContent).toBe('Casa Ana');
    expect(found.getByText('Rua das Flores 12')).toBeTruthy();
    expect(found.queryByTestId('trip-booking-to')).toBeNull();
    expect(found.getByText('Check-in')).toBeTruthy();
    expect(found.getByTestId('trip-booking-start').textContent).toBe('15:00 WET');
    expect(found.getByTestId('trip-booking-end').textContent).toBe('5 Dec, 11:00 WET');
    expect(found.queryByTestId('trip-booking-duration')).toBeNull();
  });

  it('[BOOKINGS-WEB-05] edit and remove only where allowed: an admin every booking, a member those they added, a viewer none', async () => {
    mockBookings([flight(), lodging()]);
    const admin = renderBookings('admin');
    await screen.findByRole('heading', { name: 'Casa Ana' });
    expect(screen.getByRole('button', { name: 'Edit Lisbon to New York' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Casa Ana' })).toBeTruthy();
    admin.unmount();

    mockBookings([flight(), lodging()]);
    const member = renderBookings('member');
    await screen.findByRole('heading', { name: 'Casa Ana' });
    expect(screen.getByRole('button', { name: 'Edit Lisbon to New York' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Casa Ana' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Casa Ana' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import from a mail' })).toBeTruthy();
    member.unmount();

    // A viewer who somehow added one (a former member) still only reads.
    mockBookings([flight(), lodging()]);
    renderBookings('viewer');
    await screen.findByRole('heading', { name: 'Casa Ana' });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('[BOOKINGS-WEB-06] the empty state says what to do; a reader is told what the tab holds', async () => {
    mockBookings([]);
    const editor = renderBookings();
    const empty = within(await screen.findByTestId('trip-bookings-empty'));
    expect(empty.getByText('No bookings yet')).toBeTruthy();
    expect(empty.getByText(/import them from a confirmation mail/)).toBeTruthy();
    editor.unmount();
    mockBookings([]);
    renderBookings('guest');
    const read = within(await screen.findByTestId('trip-bookings-empty'));
    expect(
      read.getByText('The group keeps its flights, trains, hotel, rental car and tickets here.'),
    ).toBeTruthy();
  });

  it('[BOOKINGS-WEB-07] loading, a failed load with a retry, and the members’ changes live (a trip frame invalidates the trips queries)', async () => {
    const answer = deferred<Response>();
    const { setList } = mockBookings([], firstGetWaitsFor(answer));
    renderBookings('viewer');
    await failThenTryAgain(
      answer,
      { loading: 'Loading the bookings…', failed: 'The bookings of this trip could not be loaded.' },
      () => setList([flight()]),
    );
    await screen.findByText('Lisbon to New York');
    setList([flight(), lodging()]);
    await client!.invalidateQueries({ queryKey: tripKeys.all });
    await screen.findByRole('heading', { name: 'Casa Ana' });
    expect(screen.getByTestId('trip-bookings-count').textContent).toBe('(2)');
  });

  it('[BOOKINGS-WEB-08] remove asks first: cancel keeps the booking, confirm removes it', async () => {
    const { fetch } = mockBookings([flight(), lodging({ createdBy: 'u-1' })]);
    renderBookings();
    await screen.findByRole('heading', { name: 'Casa Ana' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Lisbon to New York' }));
    expect(dialog().getByText("“Lisbon to New York” leaves the trip's bookings for everyone.")).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Lisbon to New York' }));
    await user.click(dialog().getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(1);
    expect(cards().map((entry) => within(entry).getByRole('heading').textContent)).toEqual(['Casa Ana']);
  });
});
