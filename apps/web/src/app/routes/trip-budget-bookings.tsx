import type { Trip } from '@tripcrew/contracts/trips';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BookingOf } from '../../modules/expenses/components/expense-booking.ts';
import { BudgetTab } from '../../modules/expenses/components/budget-tab.tsx';
import { useTripBookingEdits, useTripBookings } from '../../modules/trips/api/trip-bookings.ts';
import { mayManageBooking } from '../../modules/trips/components/bookings/booking-access.ts';
import { bookingTitle } from '../../modules/trips/components/bookings/booking-parts.tsx';
import { BOOKINGS_HREF, moneyPeopleOf, SHOWN_EXPENSE_PARAM } from './trip-money-links.ts';

interface TripBudgetTabProps {
  trip: Pick<Trip, '_id' | 'users' | 'myRole' | 'startDate' | 'endDate'>;
  userId: string | null;
}

/**
 * The trip's money tab with its bookings: an expense made from a booking names it (a link to the
 * bookings), and deleting such an expense asks whether the booking goes too (for who may remove
 * it). `?expense=` brings the expense a booking's "In expenses" points at into view.
 */
export function TripBudgetTab({ trip, userId }: TripBudgetTabProps) {
  const [searchParams] = useSearchParams();
  const bookings = useTripBookings(trip._id);
  const { remove } = useTripBookingEdits(trip._id, userId);
  const travellers = useMemo(() => moneyPeopleOf(trip.users), [trip.users]);
  const bookingOf: BookingOf = (bookingId) => {
    const booking = bookings.data?.find((entry) => entry._id === bookingId);
    if (!booking) return null;
    return {
      title: bookingTitle(booking),
      href: BOOKINGS_HREF,
      remove: mayManageBooking(trip.myRole, userId, booking) ? () => remove.mutateAsync(booking._id) : null,
    };
  };
  return (
    <BudgetTab
      tripId={trip._id}
      travellers={travellers}
      startDate={trip.startDate}
      endDate={trip.endDate}
      currentUserId={userId ?? ''}
      bookingOf={bookingOf}
      shownExpenseId={searchParams.get(SHOWN_EXPENSE_PARAM)}
    />
  );
}
