import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EyeOff, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { isRecord } from '../../../../lib/api-error.ts';
import { formatAmountText } from '../../../../lib/format/money.ts';
import { formatDuration, formatZonedShortDate, formatZonedTime } from '../../../../lib/format/zoned-times.ts';
import { useWaitingWrite } from '../../../../lib/use-waiting-write.ts';
import { bookingsPath, type TripBooking } from '../../api/trip-bookings.ts';
import { PLACE_ICON_BUTTON_CLASS } from '../places/place-styles.ts';
import type { BookingMember } from './booking-fields.tsx';
import { endWordsOf, hasTwoPlaces, isTransport, KIND_ICONS, kindLabel } from './booking-kinds.ts';

type End = TripBooking['start'];

/** What a card calls a booking: its title, else its kind. */
export const bookingTitle = (booking: TripBooking): string => booking.title || kindLabel(booking.kind);

/** A place as a card says it: "LIS" with its name, or its name. */
const placeText = (end: End | null): string => {
  const place = end?.place;
  if (!place) return '';
  if (place.iata)
    return place.name && place.name !== place.iata ? `${place.iata} · ${place.name}` : place.iata;
  return place.name;
};

/** A booking added offline, still waiting in the queue. */
function useBookingWaiting(tripId: string, bookingId: string): boolean {
  const list = bookingsPath(tripId);
  return useWaitingWrite(
    (write) =>
      write.method === 'POST' && write.path === list && isRecord(write.body) && write.body._id === bookingId,
  );
}

function Detail({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd data-testid={testId} className="min-w-0 break-words text-slate-800 dark:text-slate-200">
        {children}
      </dd>
    </>
  );
}

interface BookingCardProps {
  tripId: string;
  booking: TripBooking;
  members: readonly BookingMember[];
  /** Edit and remove: an admin, or the editor who added it; online (both need the network). */
  manageable: boolean;
  online: boolean;
  onEdit: (booking: TripBooking) => void;
  onRemove: (booking: TripBooking) => void;
}

/**
 * One booking: its kind, title, provider, carrier and number, from where to where, its times as
 * they are where it happens (with the zone's name), how long a journey takes, its code, seat,
 * travellers, cost and notes; edit and remove for those allowed.
 */
export function BookingCard({
  tripId,
  booking,
  members,
  manageable,
  online,
  onEdit,
  onRemove,
}: BookingCardProps) {
  const waiting = useBookingWaiting(tripId, booking._id);
  const Icon = KIND_ICONS[booking.kind];
  const title = bookingTitle(booking);
  const words = endWordsOf(booking.kind);
  const { start, end } = booking;
  const from = placeText(start);
  const to = hasTwoPlaces(booking.kind) ? placeText(end) : '';
  const flightNumber = [booking.carrier, booking.number].filter(Boolean).join(' ');
  const subtitle = [kindLabel(booking.kind), booking.provider, flightNumber].filter(Boolean).join(' · ');
  const endsOtherDay = end !== null && end.local.slice(0, 10) !== start.local.slice(0, 10);
  const duration = end && isTransport(booking.kind) ? formatDuration(start.at, end.at) : '';
  const travellers = booking.travellers.map(
    (id) => members.find((member) => member._id === id)?.name ?? t`A former member`,
  );
  return (
    <li
      data-testid="trip-booking"
      className="flex min-w-0 flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex items-start gap-3">
        <span
          className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
          data-testid="trip-booking-kind"
          data-kind={booking.kind}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
          <h4 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {title}
          </h4>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{subtitle}</p>
          {booking.hiddenFromShare && (
            <span className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
              <EyeOff aria-hidden="true" className="size-3.5" />
              <Trans>Hidden from the share page</Trans>
            </span>
          )}
          {waiting && <WaitingMark />}
        </div>
        {manageable && (
          <div className="-mt-1.5 -mr-2 flex shrink-0">
            <button
              type="button"
              className={PLACE_ICON_BUTTON_CLASS}
              aria-label={t`Edit ${ph({ name: title })}`}
              disabled={!online}
              onClick={() => onEdit(booking)}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={`${PLACE_ICON_BUTTON_CLASS} hover:text-red-700 dark:hover:text-red-300`}
              aria-label={t`Remove ${ph({ name: title })}`}
              disabled={!online}
              onClick={() => onRemove(booking)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}
      </div>
      {(from || to) && (
        <p
          data-testid="trip-booking-route"
          className="text-sm font-medium break-words text-slate-800 dark:text-slate-100"
        >
          <span data-testid="trip-booking-from">{from || '—'}</span>
          {to && (
            <>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> {t`to`} </span>
              <span data-testid="trip-booking-to">{to}</span>
            </>
          )}
          {!to && start.place?.address ? (
            <span className="block font-normal text-slate-600 dark:text-slate-400">
              {start.place.address}
            </span>
          ) : null}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Detail term={words.start} testId="trip-booking-start">
          <time dateTime={start.at || undefined}>{formatZonedTime(start)}</time>
        </Detail>
        {end && (
          <Detail term={words.end} testId="trip-booking-end">
            <time dateTime={end.at || undefined}>
              {endsOtherDay ? `${formatZonedShortDate(end.local)}, ` : ''}
              {formatZonedTime(end)}
            </time>
          </Detail>
        )}
        {duration && (
          <Detail term={t`Duration`} testId="trip-booking-duration">
            {duration}
          </Detail>
        )}
        {booking.confirmationCode && (
          <Detail term={t`Confirmation`} testId="trip-booking-code">
            <span className="font-mono select-all">{booking.confirmationCode}</span>
          </Detail>
        )}
        {booking.seat && (
          <Detail term={t`Seat`} testId="trip-booking-seat">
            {booking.seat}
          </Detail>
        )}
        {booking.partySize !== null && (
          <Detail term={t`Party`} testId="trip-booking-party">
            {booking.partySize}
          </Detail>
        )}
        {travellers.length > 0 && (
          <Detail term={t`Travellers`} testId="trip-booking-travellers">
            {travellers.join(', ')}
          </Detail>
        )}
        {booking.cost && (
          <Detail term={t`Cost`} testId="trip-booking-cost">
            {formatAmountText(booking.cost.amount, booking.cost.currency)}
          </Detail>
        )}
      </dl>
      {booking.notes && (
        <p
          data-testid="trip-booking-notes"
          className="text-sm break-words whitespace-pre-wrap text-slate-600 dark:text-slate-400"
        >
          {booking.notes}
        </p>
      )}
    </li>
  );
}
