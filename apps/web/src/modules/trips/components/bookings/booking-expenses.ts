import type { ReactNode } from 'react';
import type { TripBooking } from '../../api/trip-bookings.ts';

/** The expense made from a booking, as the bookings tab needs it (the trips module reads no money). */
export interface LinkedExpense {
  title: string;
  /** Deletes the expense; null when the caller may not (its author or an admin may). */
  remove: (() => Promise<unknown>) | null;
}

/**
 * The trip's money beside its bookings, given by the trip page (app/ composes the expenses module
 * in): what a card shows of it, the expense made from a booking, and what follows a removal.
 */
export interface BookingExpenses {
  /** A card's money: "Add to expenses" for a booking with a cost, or "In expenses" once linked. */
  renderSlot: (booking: TripBooking) => ReactNode;
  /** The expense that names the booking; null when none does, or the caller does not read the money. */
  linkedTo: (bookingId: string) => LinkedExpense | null;
  /** After a booking is removed: the expense it had, kept, is no longer linked to it. */
  onRemoved: (bookingId: string) => void;
}
