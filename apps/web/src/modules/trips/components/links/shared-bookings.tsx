import { Trans } from '@lingui/react/macro';
import { BOOKING_KINDS, type BookingKind } from '@tripcrew/contracts/trip-bookings';
import type { SharedTrip } from '@tripcrew/contracts/trip-links';
import { formatZonedShortDate, formatZonedTime } from '../../../../lib/format/zoned-times.ts';
import { KIND_ICONS, kindLabel } from '../bookings/booking-kinds.ts';

const isKind = (kind: string): kind is BookingKind => (BOOKING_KINDS as readonly string[]).includes(kind);

/** "3 Jan 07:40 WET": a start or end as it is where it happens. */
const when = (end: { local: string; zone: string }) =>
  `${formatZonedShortDate(end.local)} ${formatZonedTime({ ...end, at: '' })}`;

/**
 * The trip's bookings on the share page: kind, place and time only (the server sends nothing
 * else, and leaves out those an admin hid). Nothing is shown when there are none.
 */
export function SharedBookings({ bookings }: { bookings: SharedTrip['bookings'] }) {
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby="shared-bookings-title" className="flex flex-col gap-3">
      <h2 id="shared-bookings-title" className="text-lg font-bold">
        <Trans>Travel and stays</Trans>
      </h2>
      <ul className="flex flex-col gap-2">
        {bookings.map((booking) => {
          const kind = isKind(booking.kind) ? booking.kind : 'other';
          const Icon = KIND_ICONS[kind];
          return (
            <li
              key={booking._id}
              className="flex items-start gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300"
              />
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold">
                  {kindLabel(kind)}
                  {booking.place ? ` · ${booking.place}` : ''}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {when(booking.start)}
                  {booking.end ? ` – ${when(booking.end)}` : ''}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
