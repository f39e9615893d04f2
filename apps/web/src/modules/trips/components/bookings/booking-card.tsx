import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { isRecord } from '../../../../lib/api-error.ts';
import { formatAmountText } from '../../../../lib/format/money.ts';
import { useWaitingWrite } from '../../../../lib/use-waiting-write.ts';
import { bookingsPath, type TripBooking } from '../../api/trip-bookings.ts';
import { CardActions, CardNotes } from '../card-parts.tsx';
import { EditingBadge, editingKey } from '../presence/editing-presence.tsx';
import { BookingFiles } from './booking-files.tsx';
import type { BookingMember } from './booking-fields.tsx';
import {
  BookingDetail,
  BookingKindBadge,
  BookingRoute,
  bookingSubtitle,
  BookingTimes,
  bookingTitle,
} from './booking-parts.tsx';

/** A booking added or changed offline, still waiting in the queue. */
function useBookingWaiting(tripId: string, bookingId: string): boolean {
  const list = bookingsPath(tripId);
  const entry = `${list}/${encodeURIComponent(bookingId)}`;
  return useWaitingWrite(
    (write) =>
      (write.method === 'PATCH' && write.path === entry) ||
      (write.method === 'POST' &&
        write.path === list &&
        isRecord(write.body) &&
        write.body._id === bookingId),
  );
}

interface BookingCardProps {
  tripId: string;
  booking: TripBooking;
  members: readonly BookingMember[];
  /** Edit and remove: an admin, or the editor who added it (removing needs the network, an edit waits offline). */
  manageable: boolean;
  online: boolean;
  onEdit: (booking: TripBooking) => void;
  onRemove: (booking: TripBooking) => void;
  /** Its money, given by the trip page: "Add to expenses" or "In expenses" (booking-expenses.ts). */
  expenseSlot?: ReactNode;
  /** The signed-in user, and whether their role adds bookings (and so attaches files to any). */
  userId: string | null;
  canAttach: boolean;
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
  expenseSlot,
  userId,
  canAttach,
}: BookingCardProps) {
  const waiting = useBookingWaiting(tripId, booking._id);
  const title = bookingTitle(booking);
  const travellers = booking.travellers.map(
    (id) => members.find((member) => member._id === id)?.name ?? t`A former member`,
  );
  return (
    <li
      data-testid="trip-booking"
      className="flex min-w-0 flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex items-start gap-3">
        <BookingKindBadge kind={booking.kind} testId="trip-booking-kind" />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
          <h4 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {title}
          </h4>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{bookingSubtitle(booking)}</p>
          {booking.hiddenFromShare && (
            <span className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
              <EyeOff aria-hidden="true" className="size-3.5" />
              <Trans>Hidden from the share page</Trans>
            </span>
          )}
          <EditingBadge tripId={tripId} itemKey={editingKey('booking', booking._id)} />
          {waiting && <WaitingMark />}
        </div>
        {manageable && (
          <CardActions item={booking} name={title} online={online} onEdit={onEdit} onRemove={onRemove} />
        )}
      </div>
      <BookingRoute booking={booking} testId="trip-booking" />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <BookingTimes booking={booking} testId="trip-booking" />
        {booking.confirmationCode && (
          <BookingDetail term={t`Confirmation`} testId="trip-booking-code">
            <span className="font-mono select-all">{booking.confirmationCode}</span>
          </BookingDetail>
        )}
        {booking.seat && (
          <BookingDetail term={t`Seat`} testId="trip-booking-seat">
            {booking.seat}
          </BookingDetail>
        )}
        {booking.partySize !== null && (
          <BookingDetail term={t`Party`} testId="trip-booking-party">
            {booking.partySize}
          </BookingDetail>
        )}
        {travellers.length > 0 && (
          <BookingDetail term={t`Travellers`} testId="trip-booking-travellers">
            {travellers.join(', ')}
          </BookingDetail>
        )}
        {booking.cost && (
          <BookingDetail term={t`Cost`} testId="trip-booking-cost">
            {formatAmountText(booking.cost.amount, booking.cost.currency)}
          </BookingDetail>
        )}
      </dl>
      {booking.notes && <CardNotes testId="trip-booking-notes">{booking.notes}</CardNotes>}
      <BookingFiles
        tripId={tripId}
        booking={booking}
        userId={userId}
        canAttach={canAttach && !waiting}
        manageable={manageable}
        online={online}
      />
      {expenseSlot}
    </li>
  );
}
