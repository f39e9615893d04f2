import { useLingui } from '@lingui/react/macro';
import { Luggage } from 'lucide-react';
import { Link } from 'react-router';
import { formatZonedDate } from '../../../../lib/format/zoned-times.ts';
import type { MyBooking } from '../../api/get-my-bookings.ts';
import {
  BookingKindBadge,
  BookingRoute,
  bookingSubtitle,
  BookingTimes,
  bookingTitle,
} from '../bookings/booking-parts.tsx';

/** The trip page's bookings tab, where a booking is seen in full and changed. */
export const tripBookingsHref = (tripId: string): string =>
  `/trips/${encodeURIComponent(tripId)}?tab=bookings`;

/**
 * One booking of the header's pages: its title, its trip (a link to the trip's bookings tab), from
 * where to where (or its place), its day and times as they are where it happens with the zone's
 * short name (never the browser's zone), and how long a journey takes.
 */
export function MyBookingRow({ entry }: { entry: MyBooking }) {
  const { t } = useLingui();
  const { trip, booking } = entry;
  const tripName = trip.tripName;
  return (
    <li
      data-testid="my-booking"
      data-kind={booking.kind}
      className="flex min-w-0 gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <BookingKindBadge kind={booking.kind} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {bookingTitle(booking)}
          </h3>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{bookingSubtitle(booking)}</p>
        </div>
        <BookingRoute booking={booking} testId="my-booking" />
        <p data-testid="my-booking-day" className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {formatZonedDate(booking.start.local)}
        </p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <BookingTimes booking={booking} testId="my-booking" />
        </dl>
        <Link
          to={tripBookingsHref(trip._id)}
          data-testid="my-booking-trip"
          aria-label={t`Trip: ${tripName}`}
          className="-mb-2 inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-semibold break-words text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
        >
          <Luggage aria-hidden="true" className="size-4 shrink-0" />
          {tripName}
        </Link>
      </div>
    </li>
  );
}
