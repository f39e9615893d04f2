import { useQueryClient } from '@tanstack/react-query';
import type { Trip } from '@tripcrew/contracts/trips';
import { useMemo } from 'react';
import { expenseKeys } from '../../modules/expenses/api/expense-keys.ts';
import { useExpenseActions, useExpenses } from '../../modules/expenses/api/expense-list.ts';
import type { BookingCost } from '../../modules/expenses/booking-expense.ts';
import {
  BookingExpenseAction,
  expenseOfBooking,
} from '../../modules/expenses/components/booking-expense-action.tsx';
import type { TripBooking } from '../../modules/trips/api/trip-bookings.ts';
import type { BookingExpenses } from '../../modules/trips/components/bookings/booking-expenses.ts';
import { bookingTitle } from '../../modules/trips/components/bookings/booking-parts.tsx';
import { BookingsTab } from '../../modules/trips/components/bookings/bookings-tab.tsx';
import { expenseHref, moneyPeopleOf } from './trip-money-links.ts';

/** A booking's cost as a new expense takes it; null for a booking without one. */
export function bookingCostOf(booking: TripBooking): BookingCost | null {
  if (!booking.cost) return null;
  return {
    bookingId: booking._id,
    title: bookingTitle(booking),
    kind: booking.kind,
    amount: booking.cost.amount,
    currency: booking.cost.currency,
    date: booking.start.local.slice(0, 10),
    travellers: booking.travellers,
  };
}

interface TripBookingsTabProps {
  trip: Pick<Trip, '_id' | 'users' | 'myRole' | 'startDate' | 'endDate'>;
  userId: string | null;
}

/**
 * The trip's bookings tab with its money: each card with a cost offers "Add to expenses" (the
 * expense form, filled from it and linked to it) or says "In expenses"; removing a booking an
 * expense was made from asks whether the expense goes too. The link lives on the expense, so it is
 * read from the expenses query (the trips module reads no money, the expenses module no booking).
 */
export function TripBookingsTab({ trip, userId }: TripBookingsTabProps) {
  const queryClient = useQueryClient();
  const expenses = useExpenses(trip._id);
  const { remove } = useExpenseActions(trip._id);
  const people = useMemo(() => moneyPeopleOf(trip.users), [trip.users]);
  const money: BookingExpenses = {
    renderSlot: (booking) => (
      <BookingExpenseAction
        tripId={trip._id}
        bookingId={booking._id}
        cost={bookingCostOf(booking)}
        people={people}
        startDate={trip.startDate}
        endDate={trip.endDate}
        currentUserId={userId ?? ''}
        expenseHref={expenseHref}
      />
    ),
    linkedTo: (bookingId) => {
      const linked = expenseOfBooking(expenses.data, bookingId);
      if (!linked) return null;
      return {
        title: linked.title,
        remove: linked.canEdit ? () => remove.mutateAsync(linked._id) : null,
      };
    },
    // The server let go of the link (ON DELETE SET NULL): the expenses are read again.
    onRemoved: () => void queryClient.invalidateQueries({ queryKey: expenseKeys.list(trip._id) }),
  };
  return <BookingsTab trip={trip} userId={userId} expenses={money} />;
}
