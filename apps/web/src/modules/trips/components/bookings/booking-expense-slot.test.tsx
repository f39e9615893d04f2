import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import type { BookingExpenses } from './booking-expenses.ts';
import { bookingTrip, flight, ID_1, ID_2, LIST, lodging, mockBookings } from './booking-test-fixtures.ts';
import { BookingsTab } from './bookings-tab.tsx';

resetMocksAfterEach();

/** The trip page's money as the bookings tab sees it: the flight (ID_1) has the expense "Flight to New York". */
function fakeMoney(options: { removable?: boolean; refuse?: boolean } = {}) {
  const removeExpense = vi.fn(() =>
    options.refuse
      ? Promise.reject(new Error('Only its author or an admin can delete it'))
      : Promise.resolve(),
  );
  const money: BookingExpenses = {
    renderSlot: (booking) => <p data-testid="booking-money">{`Money of ${booking.title}`}</p>,
    linkedTo: (bookingId) =>
      bookingId === ID_1
        ? { title: 'Flight to New York', remove: options.removable === false ? null : removeExpense }
        : null,
    onRemoved: vi.fn(),
  };
  return { money, removeExpense };
}

function renderBookings(money: BookingExpenses) {
  const result = renderWithToasts(<BookingsTab trip={bookingTrip('admin')} userId="u-1" expenses={money} />);
  signIn(result.store);
  return result;
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Remove this booking?' }));

describe('BookingsTab with the trip’s money', () => {
  it('[BOOKINGS-EXPENSE-WEB-07] each card shows the money the trip page gives it; a booking no expense names is removed as before', async () => {
    const { fetch } = mockBookings([flight(), lodging()]);
    const { money, removeExpense } = fakeMoney();
    renderBookings(money);
    await screen.findByRole('heading', { name: 'Casa Ana' });
    expect(screen.getAllByTestId('booking-money').map((slot) => slot.textContent)).toEqual([
      'Money of Lisbon to New York',
      'Money of Casa Ana',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Casa Ana' }));
    expect(dialog().getByText("“Casa Ana” leaves the trip's bookings for everyone.")).toBeTruthy();
    expect(dialog().queryByText(/Also delete the expense/)).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(fetch.to(`${LIST}/${ID_2}`, 'DELETE')).toHaveLength(1));
    expect(removeExpense).not.toHaveBeenCalled();
  });

  it('[BOOKINGS-EXPENSE-WEB-08] removing a booking an expense was made from asks about the expense: keep it, or delete both', async () => {
    const { fetch } = mockBookings([flight()]);
    const { money, removeExpense } = fakeMoney();
    renderBookings(money);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Lisbon to New York' }));
    expect(dialog().getByText('Also delete the expense “Flight to New York”?')).toBeTruthy();

    // Keep the expense: the booking alone goes (the server unlinks the expense), and the money is read again.
    await user.click(dialog().getByRole('button', { name: 'Keep the expense' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(1);
    expect(removeExpense).not.toHaveBeenCalled();
    expect(money.onRemoved).toHaveBeenCalledWith(ID_1);
  });

  it('[BOOKINGS-EXPENSE-WEB-09] "Delete both" deletes the expense, then the booking; a refused expense keeps both', async () => {
    const refused = mockBookings([flight()]);
    const refusing = fakeMoney({ refuse: true });
    const first = renderBookings(refusing.money);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Lisbon to New York' }));
    await user.click(dialog().getByRole('button', { name: 'Delete both' }));
    expect((await dialog().findByRole('alert')).textContent).toBe(
      'Only its author or an admin can delete it',
    );
    expect(refusing.removeExpense).toHaveBeenCalledTimes(1);
    expect(refused.fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(0);
    first.unmount();

    const { fetch } = mockBookings([flight()]);
    const { money, removeExpense } = fakeMoney();
    renderBookings(money);
    await user.click(await screen.findByRole('button', { name: 'Remove Lisbon to New York' }));
    await user.click(dialog().getByRole('button', { name: 'Delete both' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removeExpense).toHaveBeenCalledTimes(1);
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Lisbon to New York' })).toBeNull();
  });

  it('[BOOKINGS-EXPENSE-WEB-10] someone who may not delete the expense is told it stays, and removes the booking alone', async () => {
    const { fetch } = mockBookings([flight()]);
    const { money, removeExpense } = fakeMoney({ removable: false });
    renderBookings(money);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Lisbon to New York' }));
    expect(dialog().getByText("The expense “Flight to New York” stays in the trip's money.")).toBeTruthy();
    expect(dialog().queryByRole('button', { name: 'Delete both' })).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(1));
    expect(removeExpense).not.toHaveBeenCalled();
  });
});
