import { useLingui } from '@lingui/react/macro';
import { Luggage } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  formatDuration,
  formatZonedDate,
  formatZonedShortDate,
  formatZonedTime,
} from '../../../../lib/format/zoned-times.ts';
import type { MyBooking } from '../../api/get-my-bookings.ts';
import { endWordsOf, hasTwoPlaces, isTransport, KIND_ICONS, kindLabel } from '../bookings/booking-kinds.ts';

type End = MyBooking['booking']['start'];

/** The trip page's bookings tab, where a booking is seen in full and changed. */
export const tripBookingsHref = (tripId: string): string =>
  `/trips/${encodeURIComponent(tripId)}?tab=bookings`;

/** A place as a row says it: "LIS · Lisbon", or its name. */
function placeText(end: End | null): string {
  const place = end?.place;
  if (!place) return '';
  if (place.iata)
    return place.name && place.name !== place.iata ? `${place.iata} · ${place.name}` : place.iata;
  return place.name;
}

function Detail({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd data-testid={testId} className="min-w-0 break-words text-slate-800 dark:text-slate-200">
        {children}
      </dd>
    </>
  );
}

/**
 * One booking of the header's pages: its title, its trip (a link to the trip's bookings tab), from
 * where to where (or its place), its day and times as they are where it happens with the zone's
 * short name (never the browser's zone), and how long a journey takes.
 */
export function MyBookingRow({ entry }: { entry: MyBooking }) {
  const { t } = useLingui();
  const { trip, booking } = entry;
  const tripName = trip.tripName;
  const { start, end } = booking;
  const Icon = KIND_ICONS[booking.kind];
  const words = endWordsOf(booking.kind);
  const title = booking.title || kindLabel(booking.kind);
  const number = [booking.carrier, booking.number].filter(Boolean).join(' ');
  const subtitle = [kindLabel(booking.kind), booking.provider, number].filter(Boolean).join(' · ');
  const from = placeText(start);
  const to = hasTwoPlaces(booking.kind) ? placeText(end) : '';
  const address = !to ? (start.place?.address ?? '') : '';
  const endsOtherDay = end !== null && end.local.slice(0, 10) !== start.local.slice(0, 10);
  const duration = end && isTransport(booking.kind) ? formatDuration(start.at, end.at) : '';

  return (
    <li
      data-testid="my-booking"
      data-kind={booking.kind}
      className="flex min-w-0 gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {title}
          </h3>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{subtitle}</p>
        </div>
        {(from || to) && (
          <p
            data-testid="my-booking-route"
            className="text-sm font-medium break-words text-slate-800 dark:text-slate-100"
          >
            <span>{from || '—'}</span>
            {to && (
              <>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t`to`} </span>
                <span>{to}</span>
              </>
            )}
            {address && (
              <span className="block font-normal text-slate-600 dark:text-slate-400">{address}</span>
            )}
          </p>
        )}
        <p data-testid="my-booking-day" className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {formatZonedDate(start.local)}
        </p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <Detail term={words.start} testId="my-booking-start">
            <time dateTime={start.at || undefined}>{formatZonedTime(start)}</time>
          </Detail>
          {end && (
            <Detail term={words.end} testId="my-booking-end">
              <time dateTime={end.at || undefined}>
                {endsOtherDay ? `${formatZonedShortDate(end.local)}, ` : ''}
                {formatZonedTime(end)}
              </time>
            </Detail>
          )}
          {duration && (
            <Detail term={t`Duration`} testId="my-booking-duration">
              {duration}
            </Detail>
          )}
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
