import { msg, ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import { Mail, Plus, Ticket } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { formatZonedDate } from '../../../../lib/format/zoned-times.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../../lib/network-status.ts';
import { type TripBooking, useTripBookingEdits, useTripBookings } from '../../api/trip-bookings.ts';
import { ConfirmDialog } from '../members/confirm-dialog.tsx';
import { tripPermissions } from '../trip-roles.ts';
import { BookingCard, bookingTitle } from './booking-card.tsx';
import type { BookingMember } from './booking-fields.tsx';
import { BookingFormDialog } from './booking-form-dialog.tsx';
import { BookingImportDialog } from './booking-import-dialog.tsx';

export const BOOKINGS_OFFLINE_TEXT = msg`You're offline: new bookings are kept on this device and sent when you're back; editing, removing and importing wait for the network.`;

interface BookingsTabProps {
  trip: Pick<Trip, '_id' | 'users' | 'myRole'>;
  /** The signed-in user: who added a booking may change it. */
  userId: string | null;
}

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t`Something went wrong.`;

/** The bookings by the day they start, as it is where they happen (never the browser's day), in order. */
export function groupByLocalDay(bookings: readonly TripBooking[]): [string, TripBooking[]][] {
  const days = new Map<string, TripBooking[]>();
  for (const booking of bookings) {
    const day = booking.start.local.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), booking]);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The trip's bookings tab: flights, trains, the hotel, the rental car and the tickets, by the day
 * they start, each at its local time. Live: a 'bookings' trip frame refetches them (the query sits
 * under tripKeys.all). Editors add one by hand or import them from a confirmation mail; an admin
 * changes and removes any, an editor those they added; the other roles read them.
 */
export function BookingsTab({ trip, userId }: BookingsTabProps) {
  const headingId = useId();
  const { canEdit, isAdmin } = tripPermissions(trip.myRole);
  const query = useTripBookings(trip._id);
  const { add, update, remove, refresh } = useTripBookingEdits(trip._id, userId);
  const online = useOnline();
  const [editing, setEditing] = useState<TripBooking | 'new' | null>(null);
  const [removing, setRemoving] = useState<TripBooking | null>(null);
  const [importing, setImporting] = useState(false);
  const bookings = query.data;
  const members = useMemo<BookingMember[]>(
    () => trip.users.map((member) => ({ _id: member._id, name: `${member.name} ${member.lastName}`.trim() })),
    [trip.users],
  );
  const days = useMemo(() => (bookings ? groupByLocalDay(bookings) : []), [bookings]);
  const manageable = (booking: TripBooking) =>
    isAdmin || (canEdit && userId !== null && booking.createdBy === userId);

  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <section aria-labelledby={headingId} data-testid="trip-bookings" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          <Trans>Bookings</Trans>
          {bookings && (
            <>
              {' '}
              <span data-testid="trip-bookings-count" className="text-slate-500 dark:text-slate-400">
                ({bookings.length})
              </span>
            </>
          )}
        </h2>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              disabled={!online}
              onClick={() => setImporting(true)}
            >
              <Mail aria-hidden="true" className="size-4" />
              <Trans>Import from a mail</Trans>
            </Button>
            <Button size="sm" className="min-h-11" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              <Trans>Add a booking</Trans>
            </Button>
          </div>
        )}
      </div>
      {canEdit && !online && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {i18n._(BOOKINGS_OFFLINE_TEXT)}
        </p>
      )}
      {query.isPending && query.fetchStatus !== 'idle' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Loading the bookings…</Trans>
        </p>
      )}
      {query.isPending && query.fetchStatus === 'idle' && !online && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>The bookings load when you're back online.</Trans>
        </p>
      )}
      {query.isError && !bookings && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            <Trans>The bookings of this trip could not be loaded.</Trans>
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {bookings?.length === 0 && (
        <div
          data-testid="trip-bookings-empty"
          className="flex flex-col items-center gap-2 rounded-3xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800"
        >
          <Ticket aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
          <p className="font-semibold text-slate-900 dark:text-white">
            <Trans>No bookings yet</Trans>
          </p>
          <p className="max-w-md">
            {canEdit
              ? t`Add your flights, trains, hotel, rental car and tickets, or import them from a confirmation mail: everyone sees them at the local time where they happen.`
              : t`The group keeps its flights, trains, hotel, rental car and tickets here.`}
          </p>
        </div>
      )}
      {days.map(([day, list]) => (
        <section key={day} aria-labelledby={`${headingId}-${day}`} className="flex flex-col gap-3">
          <h3
            id={`${headingId}-${day}`}
            data-testid="trip-bookings-day"
            className="text-sm font-semibold text-slate-700 dark:text-slate-300"
          >
            {formatZonedDate(day)}
          </h3>
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.map((booking) => (
              <BookingCard
                key={booking._id}
                tripId={trip._id}
                booking={booking}
                members={members}
                manageable={manageable(booking)}
                online={online}
                onEdit={setEditing}
                onRemove={setRemoving}
              />
            ))}
          </ul>
        </section>
      ))}
      {canEdit && editing && (
        <BookingFormDialog
          key={editing === 'new' ? 'new' : editing._id}
          booking={editing === 'new' ? undefined : editing}
          members={members}
          isAdmin={isAdmin}
          onAdd={(body) => add.mutateAsync(body)}
          onUpdate={(bookingId, change) => update.mutateAsync({ bookingId, change })}
          onConflict={() => void refresh()}
          onClose={() => setEditing(null)}
        />
      )}
      {canEdit && importing && (
        <BookingImportDialog
          tripId={trip._id}
          onAdd={(body) => add.mutateAsync(body)}
          onClose={() => setImporting(false)}
        />
      )}
      {removing && (
        <ConfirmDialog
          open
          title={t`Remove this booking?`}
          confirmLabel={t`Remove`}
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(removing._id, { onSuccess: closeRemove })}
          onClose={closeRemove}
        >
          <Trans>“{ph({ name: bookingTitle(removing) })}” leaves the trip's bookings for everyone.</Trans>
        </ConfirmDialog>
      )}
    </section>
  );
}
