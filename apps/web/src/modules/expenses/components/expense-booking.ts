/** The trip booking an expense names, as the trip page knows it (the expenses module reads no booking). */
export interface ExpenseBooking {
  /** The booking's title as its card shows it. */
  title: string;
  /** Where the bookings tab shows it. */
  href: string;
  /** Removes the booking; null when the caller may not (an admin, or the editor who added it, may). */
  remove: (() => Promise<unknown>) | null;
}

/** The booking of an id; null when the trip's bookings do not have it (gone, or not read yet). */
export type BookingOf = (bookingId: string) => ExpenseBooking | null;
