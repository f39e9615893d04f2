import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TripRole } from '@tripcrew/contracts/constants';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, renderRoutes, resetMocksAfterEach, signIn } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, type RecordedRequest } from '../../lib/testing/fetch-mock.ts';
import type { Budget } from '../../modules/expenses/api/expense-budget.ts';
import type { Expense } from '../../modules/expenses/api/expense-list.ts';
import { makeBudget, makeExpense, moneyEndpoints } from '../../modules/expenses/testing/expense-fixtures.ts';
import {
  flight,
  ID_1,
  LIST,
  lodging,
  mockBookings,
} from '../../modules/trips/components/bookings/booking-test-fixtures.ts';
import { makeTrip, mockTripApi } from '../../modules/trips/testing/trip-fixtures.ts';
import { TripBookingsTab } from './trip-bookings-money.tsx';
import { TripBudgetTab } from './trip-budget-bookings.tsx';
import { TripDetailPage } from './trip-detail.tsx';

resetMocksAfterEach();

/** Ada (u-1, signed in) and Bob (u-2) in Lisbon around the flight of 1 December 2026. */
const trip = (myRole: TripRole = 'member') =>
  makeTrip({
    myRole,
    startDate: '2026-11-30',
    endDate: '2026-12-06',
    users: [
      { _id: 'u-1', role: myRole, name: 'Ada', lastName: 'Lovelace', image: { thumbnail: null } },
      { _id: 'u-2', role: 'admin', name: 'Bob', lastName: 'Stone', image: { thumbnail: null } },
    ],
  });

const bookings = () => [flight(), lodging()];

/** The flight's expense, added by Ada, who may delete it. */
const flightExpense = (overrides: Partial<Expense> = {}) =>
  makeExpense({ _id: 'e-1', title: 'Flight to New York', bookingId: ID_1, ...overrides });

/** The bookings endpoint and the trip's money, one fake. */
function mockTrip(money: { budget?: Budget | 'forbidden'; expenses?: Expense[] } = {}) {
  const endpoints = moneyEndpoints('t-1', money);
  const balances = (request: RecordedRequest) =>
    request.path === '/core/trips/t-1/balances'
      ? jsonResponse(200, { baseCurrency: 'EUR', balances: [], transfers: [] })
      : undefined;
  return mockBookings(bookings(), (request) => endpoints.reply(request) ?? balances(request));
}

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);
const dialog = () => within(screen.getByRole('dialog'));

describe('the trip page: bookings and their expenses', () => {
  it('[BOOKINGS-EXPENSE-WEB-11] a booking with a cost becomes an expense in one step (bookingId sent), then says "In expenses"; a viewer is not offered it', async () => {
    const { fetch } = mockTrip();
    const member = renderAt(<TripBookingsTab trip={trip()} userId="u-1" />);
    signIn(member.store);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Casa Ana' });
    await user.click(await card('Lisbon to New York').findByRole('button', { name: 'Add to expenses' }));
    // No cost, nothing to add.
    expect(card('Casa Ana').queryByRole('button', { name: 'Add to expenses' })).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Add expense' }));
    const link = await card('Lisbon to New York').findByRole('link', { name: 'In expenses' });
    expect(link.getAttribute('href')).toBe('/?tab=budget&expense=e-new');
    expect(fetch.to('/core/trips/t-1/expenses', 'POST').map((request) => request.body)).toEqual([
      {
        title: 'Lisbon to New York',
        amount: '420',
        currency: 'EUR',
        date: '2026-12-01',
        category: 'transport',
        paidBy: 'u-1',
        split: { kind: 'equal', people: [{ userId: 'u-1' }, { userId: 'u-2' }] },
        bookingId: ID_1,
      },
    ]);
    member.unmount();

    const viewerFetch = mockTrip({ budget: makeBudget({ canAdd: false, visibleToGuests: true }) }).fetch;
    const viewer = renderAt(<TripBookingsTab trip={trip('viewer')} userId="u-1" />);
    signIn(viewer.store);
    await screen.findByRole('heading', { name: 'Casa Ana' });
    await vi.waitFor(() => expect(viewerFetch.to('/core/trips/t-1/budget', 'GET')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add to expenses' })).toBeNull();
  });

  it('[BOOKINGS-EXPENSE-WEB-12] removing a booking with an expense: "Delete both" deletes the expense then the booking; "Keep the expense" the booking alone', async () => {
    const both = mockTrip({ expenses: [flightExpense()] });
    const first = renderAt(<TripBookingsTab trip={trip()} userId="u-1" />);
    signIn(first.store);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Casa Ana' });
    await card('Lisbon to New York').findByRole('link', { name: 'In expenses' });
    await user.click(screen.getByRole('button', { name: 'Remove Lisbon to New York' }));
    expect(dialog().getByText('Also delete the expense “Flight to New York”?')).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Delete both' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = both.fetch.requests.filter((request) => request.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual(['/core/trips/t-1/expenses/e-1', `${LIST}/${ID_1}`]);
    first.unmount();

    const keep = mockTrip({ expenses: [flightExpense()] });
    const second = renderAt(<TripBookingsTab trip={trip()} userId="u-1" />);
    signIn(second.store);
    await screen.findByRole('heading', { name: 'Casa Ana' });
    await card('Lisbon to New York').findByRole('link', { name: 'In expenses' });
    const reads = keep.fetch.to('/core/trips/t-1/expenses', 'GET').length;
    await user.click(screen.getByRole('button', { name: 'Remove Lisbon to New York' }));
    await user.click(dialog().getByRole('button', { name: 'Keep the expense' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keep.fetch.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      `${LIST}/${ID_1}`,
    ]);
    // The expense, now unlinked by the server, is read again.
    await vi.waitFor(() =>
      expect(keep.fetch.to('/core/trips/t-1/expenses', 'GET').length).toBeGreaterThan(reads),
    );
  });

  it('[BOOKINGS-EXPENSE-WEB-13] the money tab names the booking of an expense; deleting it asks about the booking, for who may remove it', async () => {
    const { fetch } = mockTrip({
      expenses: [
        flightExpense(),
        flightExpense({ _id: 'e-2', title: 'Casa Ana, 3 nights', bookingId: 'b-x' }),
      ],
    });
    const page = renderAt(<TripBudgetTab trip={trip()} userId="u-1" />);
    signIn(page.store);
    const booking = await screen.findByRole('link', { name: 'Lisbon to New York' });
    expect(booking.getAttribute('href')).toBe('/?tab=bookings');
    expect(booking.closest('p')?.textContent).toBe('Booking: Lisbon to New York');
    // A booking the trip no longer has is not named.
    expect(screen.getAllByTestId('expense-booking')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Flight to New York' }));
    expect(dialog().getByText('Also delete the booking “Lisbon to New York”?')).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Delete both' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/core/trips/t-1/expenses/e-1',
      `${LIST}/${ID_1}`,
    ]);
  });

  it('[BOOKINGS-EXPENSE-WEB-14] a member deleting the expense of a booking someone else added keeps the booking', async () => {
    const { fetch } = mockTrip({
      expenses: [flightExpense({ bookingId: lodging()._id, title: 'Casa Ana' })],
    });
    const page = renderAt(<TripBudgetTab trip={trip()} userId="u-1" />);
    signIn(page.store);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Casa Ana' });
    await user.click(screen.getByRole('button', { name: 'Delete Casa Ana' }));
    expect(dialog().getByText("The booking “Casa Ana” stays in the trip's bookings.")).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/core/trips/t-1/expenses/e-1',
    ]);
  });

  it('[BOOKINGS-EXPENSE-WEB-15] "In expenses" opens the money tab on the expense', async () => {
    const scrolled = vi.fn();
    const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    try {
      const endpoints = moneyEndpoints('t-1', { expenses: [flightExpense()] });
      const list = bookings();
      mockTripApi({
        trip: trip('admin'),
        extra: (request) => {
          if (request.path === LIST && request.method === 'GET') return jsonResponse(200, list);
          if (request.path === '/core/trips/t-1/balances')
            return jsonResponse(200, { baseCurrency: 'EUR', balances: [], transfers: [] });
          return endpoints.reply(request);
        },
      });
      const page = renderRoutes([{ path: '/trips/:id', element: <TripDetailPage /> }], {
        path: '/trips/t-1?tab=bookings',
      });
      signIn(page.store);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('link', { name: 'In expenses' }));
      expect(screen.getByRole('tab', { name: 'budget' }).getAttribute('aria-selected')).toBe('true');
      const shown = await screen.findByText('Flight to New York');
      expect(shown.closest('li')?.getAttribute('aria-current')).toBe('true');
      expect(scrolled).toHaveBeenCalled();
      // Another tab and back: the expense is no longer singled out.
      await user.click(screen.getByRole('tab', { name: 'bookings' }));
      await user.click(screen.getByRole('tab', { name: 'budget' }));
      expect(
        (await screen.findByText('Flight to New York')).closest('li')?.getAttribute('aria-current'),
      ).toBeNull();
    } finally {
      if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });
});
