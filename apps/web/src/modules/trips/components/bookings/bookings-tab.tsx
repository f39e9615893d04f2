import { msg, ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import { Mail, Plus, Ticket } from 'lucide-react';
import { BOOKING_KINDS, type BookingKind } from '@tripcrew/contracts/trip-bookings';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { formatZonedDate } from '../../../../lib/format/zoned-times.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../../lib/network-status.ts';
import { useKeepBookingFilesOffline } from '../../api/trip-booking-files.ts';
import { type TripBooking, useTripBookingEdits, useTripBookings } from '../../api/trip-bookings.ts';
import { TripListSection } from '../trip-list-section.tsx';
import { tripPermissions } from '../trip-roles.ts';
import { mayManageBooking } from './booking-access.ts';
import { BookingCard } from './booking-card.tsx';
import type { BookingExpenses } from './booking-expenses.ts';
import type { BookingMember } from './booking-fields.tsx';
import { BookingFormDialog } from './booking-form-dialog.tsx';
import { BookingImportDialog } from './booking-import-dialog.tsx';
import { BookingRemoveDialog } from './booking-remove-dialog.tsx';

export const BOOKINGS_OFFLINE_TEXT = msg`You're offline: new bookings and changes are kept on this device and sent when you're back; removing and importing wait for the network.`;

interface BookingsTabProps {
  trip: Pick<Trip, '_id' | 'users' | 'myRole'>;
  /** The signed-in user: who added a booking may change it. */
  userId: string | null;
  /** The trip's money beside the bookings (the trip page composes it in): none, the cards show no money. */
  expenses?: BookingExpenses;
}

/** Whether a booking answers a search: its title, code, provider, carrier and number, or places. */
export function bookingMatches(booking: TripBooking, search: string): boolean {
  const words = search.trim().toLowerCase();
  if (!words) return true;
  const text = [
    booking.title,
    booking.confirmationCode,
    booking.provider,
    `${booking.carrier} ${booking.number}`,
    booking.start.place?.name,
    booking.start.place?.iata,
    booking.end?.place?.name,
    booking.end?.place?.iata,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.split(/\s+/).every((word) => text.includes(word));
}

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
export function BookingsTab({ trip, userId, expenses }: BookingsTabProps) {
  const headingId = useId();
  const { canEdit, isAdmin } = tripPermissions(trip.myRole);
  const query = useTripBookings(trip._id);
  useKeepBookingFilesOffline(trip._id, query.data);
  const { add, update, remove, refresh } = useTripBookingEdits(trip._id, userId);
  const online = useOnline();
  // The header's booking pages send here with ?add=<kind> or ?import=1: the form opens at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('add');
  const askedKind = (BOOKING_KINDS as readonly string[]).includes(asked ?? '')
    ? (asked as BookingKind)
    : undefined;
  const [editing, setEditing] = useState<TripBooking | 'new' | null>(() =>
    canEdit && (askedKind || asked !== null) ? 'new' : null,
  );
  const [importing, setImporting] = useState(() => canEdit && searchParams.get('import') === '1');
  const [removing, setRemoving] = useState<TripBooking | null>(null);
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (!searchParams.has('add') && !searchParams.has('import')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('add');
    next.delete('import');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);
  const all = query.data;
  const bookings = useMemo(() => all?.filter((booking) => bookingMatches(booking, search)), [all, search]);
  const members = useMemo<BookingMember[]>(
    () => trip.users.map((member) => ({ _id: member._id, name: `${member.name} ${member.lastName}`.trim() })),
    [trip.users],
  );
  const days = useMemo(() => (bookings ? groupByLocalDay(bookings) : []), [bookings]);
  const manageable = (booking: TripBooking) => mayManageBooking(trip.myRole, userId, booking);

  return (
    <TripListSection
      headingId={headingId}
      testId="trip-bookings"
      title={<Trans>Bookings</Trans>}
      count={all?.length}
      actions={
        canEdit && (
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
        )
      }
      offlineNote={canEdit && i18n._(BOOKINGS_OFFLINE_TEXT)}
      query={query}
      online={online}
      loadingText={<Trans>Loading the bookings…</Trans>}
      waitingText={<Trans>The bookings load when you're back online.</Trans>}
      failedText={<Trans>The bookings of this trip could not be loaded.</Trans>}
      empty={
        <>
          <Ticket aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
          <p className="font-semibold text-slate-900 dark:text-white">
            <Trans>No bookings yet</Trans>
          </p>
          <p className="max-w-md">
            {canEdit
              ? t`Add your flights, trains, hotel, rental car and tickets, or import them from a confirmation mail: everyone sees them at the local time where they happen.`
              : t`The group keeps its flights, trains, hotel, rental car and tickets here.`}
          </p>
        </>
      }
    >
      {all && all.length > 3 && (
        <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          <Trans>Find a booking (title, confirmation code, place)</Trans>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
          />
        </label>
      )}
      {search && days.length === 0 && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>No booking matches “{ph({ search: search.trim() })}”.</Trans>
        </p>
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
                expenseSlot={expenses?.renderSlot(booking)}
                userId={userId}
                canAttach={canEdit}
              />
            ))}
          </ul>
        </section>
      ))}
      {canEdit && editing && (
        <BookingFormDialog
          key={editing === 'new' ? 'new' : editing._id}
          tripId={trip._id}
          kind={askedKind}
          booking={editing === 'new' ? undefined : editing}
          members={members}
          isAdmin={isAdmin}
          onAdd={(body) => add.mutateAsync(body)}
          onUpdate={(bookingId, change) => update.mutateAsync({ id: bookingId, change })}
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
        <BookingRemoveDialog
          booking={removing}
          remove={remove}
          linked={expenses?.linkedTo(removing._id) ?? null}
          onRemoved={() => expenses?.onRemoved(removing._id)}
          onClose={() => setRemoving(null)}
        />
      )}
    </TripListSection>
  );
}
