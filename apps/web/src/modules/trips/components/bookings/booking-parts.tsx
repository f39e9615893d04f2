import { t } from '@lingui/core/macro';
import type { BookingKind, TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { ReactNode } from 'react';
import { formatDuration, formatZonedShortDate, formatZonedTime } from '../../../../lib/format/zoned-times.ts';
import { endWordsOf, hasTwoPlaces, isTransport, KIND_ICONS, kindLabel } from './booking-kinds.ts';

/** The parts of a booking that its card (the trip's tab) and its row (the header's pages) show alike. */

type End = TripBooking['start'];

/** What a card calls a booking: its title, else its kind. */
export const bookingTitle = (booking: Pick<TripBooking, 'title' | 'kind'>): string =>
  booking.title || kindLabel(booking.kind);

/** Under the title: the kind, the provider, the carrier and number ("Flight · TAP · TP 1350"). */
export const bookingSubtitle = (booking: TripBooking): string =>
  [kindLabel(booking.kind), booking.provider, [booking.carrier, booking.number].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' · ');

/** A place as a card says it: "LIS · Lisbon", or its name. */
function placeText(end: End | null): string {
  const place = end?.place;
  if (!place) return '';
  if (place.iata)
    return place.name && place.name !== place.iata ? `${place.iata} · ${place.name}` : place.iata;
  return place.name;
}

/** The kind's icon in a round badge. */
export function BookingKindBadge({ kind, testId }: { kind: BookingKind; testId?: string }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span
      className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
      data-testid={testId}
      data-kind={testId ? kind : undefined}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/**
 * From where to where ("LIS · Lisbon → JFK"), or its one place and its address (`${testId}-route`,
 * its places `${testId}-from` and `-to`); nothing without a place.
 */
export function BookingRoute({ booking, testId }: { booking: TripBooking; testId: string }) {
  const { start, end } = booking;
  const from = placeText(start);
  const to = hasTwoPlaces(booking.kind) ? placeText(end) : '';
  const address = !to ? (start.place?.address ?? '') : '';
  if (!from && !to) return null;
  return (
    <p
      data-testid={`${testId}-route`}
      className="text-sm font-medium break-words text-slate-800 dark:text-slate-100"
    >
      <span data-testid={`${testId}-from`}>{from || '—'}</span>
      {to && (
        <>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> {t`to`} </span>
          <span data-testid={`${testId}-to`}>{to}</span>
        </>
      )}
      {address && <span className="block font-normal text-slate-600 dark:text-slate-400">{address}</span>}
    </p>
  );
}

/** One line of a booking's details: its term and its value (`testId`). */
export function BookingDetail({
  term,
  testId,
  children,
}: {
  term: string;
  testId: string;
  children: ReactNode;
}) {
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
 * When it starts and ends, as it is where it happens with the zone's short name (an end on
 * another day with its day), and how long a journey takes: details `${testId}-start`, `-end`,
 * `-duration`.
 */
export function BookingTimes({ booking, testId }: { booking: TripBooking; testId: string }) {
  const { start, end } = booking;
  const words = endWordsOf(booking.kind);
  const endsOtherDay = end !== null && end.local.slice(0, 10) !== start.local.slice(0, 10);
  const duration = end && isTransport(booking.kind) ? formatDuration(start.at, end.at) : '';
  return (
    <>
      <BookingDetail term={words.start} testId={`${testId}-start`}>
        <time dateTime={start.at || undefined}>{formatZonedTime(start)}</time>
      </BookingDetail>
      {end && (
        <BookingDetail term={words.end} testId={`${testId}-end`}>
          <time dateTime={end.at || undefined}>
            {endsOtherDay ? `${formatZonedShortDate(end.local)}, ` : ''}
            {formatZonedTime(end)}
          </time>
        </BookingDetail>
      )}
      {duration && (
        <BookingDetail term={t`Duration`} testId={`${testId}-duration`}>
          {duration}
        </BookingDetail>
      )}
    </>
  );
}
