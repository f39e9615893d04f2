import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import type { Expense } from '../api/expense-list.ts';
import { makeDinner, makeExpense, moneyEndpoints } from '../testing/expense-fixtures.ts';
import type { ExpenseBooking } from './expense-booking.ts';
import { ExpenseList } from './expense-list.tsx';

resetMocksAfterEach();

// jsdom has no scrollIntoView: a test that needs it puts a spy there, taken away after it.
const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
  else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const dialog = {
  tripId: 't-1',
  baseCurrency: 'EUR',
  people: [],
  startDate: null,
  endDate: null,
  currentUserId: 'u-ana',
  isAdmin: false,
};

/** The flight expense, made from the booking b-1, and a dinner made from none. */
const flightExpense = (overrides: Partial<Expense> = {}) =>
  makeExpense({ _id: 'e-1', title: 'Flight to New York', bookingId: 'b-1', ...overrides });

function renderList(
  expenses: Expense[],
  booking: Omit<ExpenseBooking, 'remove'> & { removable?: boolean },
  shownExpenseId: string | null = null,
) {
  setCookie('csrf-token', 'test-csrf');
  const endpoints = moneyEndpoints('t-1', { expenses });
  const fetch = mockFetch((request) => endpoints.reply(request) ?? jsonResponse(404, {}));
  const removeBooking = vi.fn(() => Promise.resolve());
  const bookingOf = (bookingId: string): ExpenseBooking | null =>
    bookingId === 'b-1'
      ? {
          title: booking.title,
          href: booking.href,
          remove: booking.removable === false ? null : removeBooking,
        }
      : null;
  renderAt(
    <ExpenseList canAdd online dialog={dialog} bookingOf={bookingOf} shownExpenseId={shownExpenseId} />,
  );
  return { fetch, removeBooking };
}

const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
const deleteDialog = () => within(screen.getByRole('dialog', { name: 'Delete this expense?' }));

describe('ExpenseList and bookings', () => {
  it('[BOOKINGS-EXPENSE-WEB-04] an expense made from a booking says which (a link to the bookings); the one a link points at is marked', async () => {
    const scrolled = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    renderList(
      [flightExpense(), makeDinner({ _id: 'e-2' })],
      { title: 'Lisbon to New York', href: '?tab=bookings' },
      'e-1',
    );
    await screen.findByText('Flight to New York');
    const flight = within(row('Flight to New York'));
    expect(flight.getByTestId('expense-booking').textContent).toBe('Booking: Lisbon to New York');
    expect(flight.getByRole('link', { name: 'Lisbon to New York' }).getAttribute('href')).toBe(
      '/?tab=bookings',
    );
    expect(within(row('Dinner')).queryByTestId('expense-booking')).toBeNull();
    expect(row('Flight to New York').getAttribute('aria-current')).toBe('true');
    expect(row('Dinner').getAttribute('aria-current')).toBeNull();
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('[BOOKINGS-EXPENSE-WEB-05] deleting an expense made from a booking asks about the booking: keep it, or delete both', async () => {
    const { fetch, removeBooking } = renderList([flightExpense(), flightExpense({ _id: 'e-3' })], {
      title: 'Lisbon to New York',
      href: '?tab=bookings',
    });
    await screen.findAllByText('Flight to New York');
    const [first, second] = screen.getAllByRole('button', { name: 'Delete Flight to New York' });

    fireEvent.click(first as HTMLElement);
    expect(deleteDialog().getByText('Also delete the booking “Lisbon to New York”?')).toBeTruthy();
    fireEvent.click(deleteDialog().getByRole('button', { name: 'Cancel' }));
    expect(fetch.to('/core/trips/t-1/expenses/e-1', 'DELETE')).toHaveLength(0);

    // Keep the booking: the expense alone goes.
    fireEvent.click(first as HTMLElement);
    fireEvent.click(deleteDialog().getByRole('button', { name: 'Keep the booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/trips/t-1/expenses/e-1', 'DELETE')).toHaveLength(1);
    expect(removeBooking).not.toHaveBeenCalled();

    // Delete both: the expense, then the booking.
    fireEvent.click(second as HTMLElement);
    fireEvent.click(deleteDialog().getByRole('button', { name: 'Delete both' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/trips/t-1/expenses/e-3', 'DELETE')).toHaveLength(1);
    expect(removeBooking).toHaveBeenCalledTimes(1);
  });

  it('[BOOKINGS-EXPENSE-WEB-06] someone who may not remove the booking is told it stays, and deletes the expense alone', async () => {
    const { fetch, removeBooking } = renderList([flightExpense()], {
      title: 'Lisbon to New York',
      href: '?tab=bookings',
      removable: false,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Flight to New York' }));
    expect(
      deleteDialog().getByText("The booking “Lisbon to New York” stays in the trip's bookings."),
    ).toBeTruthy();
    expect(deleteDialog().queryByRole('button', { name: 'Delete both' })).toBeNull();
    fireEvent.click(deleteDialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses/e-1', 'DELETE')).toHaveLength(1));
    expect(removeBooking).not.toHaveBeenCalled();
  });
});
