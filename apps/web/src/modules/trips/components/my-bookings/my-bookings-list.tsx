import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, CloudOff, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import { useOnline } from '../../../../lib/network-status.ts';
import { type BookingKind, type MyBooking, useMyBookings } from '../../api/get-my-bookings.ts';
import { MyBookingRow } from './my-booking-row.tsx';

type BookingsQuery = ReturnType<typeof useMyBookings>;

const STATUS_CLASS = 'text-sm text-slate-600 dark:text-slate-300';

/** Waiting for a network the device does not have: the query is paused, or the browser is offline. */
const waitsForNetwork = (query: BookingsQuery, online: boolean): boolean =>
  query.isPending && query.fetchStatus !== 'fetching' && (query.fetchStatus === 'paused' || !online);

function BookingRows({ entries, testId }: { entries: readonly MyBooking[]; testId: string }) {
  return (
    <ul data-testid={testId} className="flex flex-col gap-3">
      {entries.map((entry) => (
        <MyBookingRow key={`${entry.trip._id}:${entry.booking._id}`} entry={entry} />
      ))}
    </ul>
  );
}

/** The loading, offline and error states of one of the lists; null once it has its data. */
function QueryState({ query, online }: { query: BookingsQuery; online: boolean }) {
  const { t } = useLingui();
  if (query.data) return null;
  if (waitsForNetwork(query, online)) {
    return (
      <p role="status" className={STATUS_CLASS}>
        <Trans>Your bookings load when you're back online.</Trans>
      </p>
    );
  }
  if (query.isError) return <QueryError query={query} message={t`We could not load your bookings.`} />;
  if (query.isPending) return <EmojiLoader label={t`Loading your bookings…`} className="py-8" />;
  return null;
}

interface MyBookingsListProps {
  kinds: readonly BookingKind[];
  /** Only the bookings that pass (the flight page: those to or from its place). */
  filter?: (entry: MyBooking) => boolean;
  /** The empty state: says there are none yet, and how to add one. */
  emptyText: ReactNode;
  icon: LucideIcon;
}

/**
 * The signed-in user's bookings of some kinds, across their trips: the upcoming ones first (soonest
 * first), and the past ones, most recent first, behind a toggle (loaded when first opened).
 */
export function MyBookingsList({ kinds, filter, emptyText, icon: Icon }: MyBookingsListProps) {
  const online = useOnline();
  const pastId = useId();
  const upcoming = useMyBookings(kinds, { upcoming: true });
  const [showPast, setShowPast] = useState(false);
  const everything = useMyBookings(kinds, { upcoming: false, enabled: showPast });

  const shown = useMemo(
    () => (upcoming.data ?? []).filter((entry) => filter?.(entry) ?? true),
    [upcoming.data, filter],
  );
  const past = useMemo(() => {
    if (!everything.data || !upcoming.data) return null;
    const coming = new Set(upcoming.data.map((entry) => entry.booking._id));
    return everything.data
      .filter((entry) => !coming.has(entry.booking._id) && (filter?.(entry) ?? true))
      .reverse();
  }, [everything.data, upcoming.data, filter]);

  return (
    <div className="flex flex-col gap-6">
      {!online && upcoming.data && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <Trans>
            You're offline: these are the bookings this device kept, and they may have changed since.
          </Trans>
        </p>
      )}
      <section aria-labelledby={`${pastId}-upcoming`} className="flex flex-col gap-3">
        <h2 id={`${pastId}-upcoming`} className="text-xl font-semibold tracking-tight">
          <Trans>Upcoming</Trans>
        </h2>
        <QueryState query={upcoming} online={online} />
        {upcoming.data && shown.length === 0 && (
          <div
            data-testid="my-bookings-empty"
            className="flex flex-col items-center gap-3 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <Icon aria-hidden="true" className="size-10 text-brand-600 dark:text-brand-400" />
            <div className="max-w-md text-slate-700 dark:text-slate-200">{emptyText}</div>
          </div>
        )}
        {shown.length > 0 && <BookingRows entries={shown} testId="my-bookings-upcoming" />}
      </section>
      {upcoming.data && (
        <section aria-labelledby={`${pastId}-past`} className="flex flex-col gap-3">
          <h2 id={`${pastId}-past`} className="sr-only">
            <Trans>Past</Trans>
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11 self-start"
            aria-expanded={showPast}
            aria-controls={`${pastId}-past-list`}
            onClick={() => setShowPast((open) => !open)}
          >
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform motion-reduce:transition-none ${showPast ? 'rotate-180' : ''}`}
            />
            {showPast ? <Trans>Hide past ones</Trans> : <Trans>Show past ones</Trans>}
          </Button>
          <div id={`${pastId}-past-list`} hidden={!showPast} className="flex flex-col gap-3">
            {showPast && <QueryState query={everything} online={online} />}
            {showPast && past?.length === 0 && (
              <p className={STATUS_CLASS}>
                <Trans>Nothing in the past yet.</Trans>
              </p>
            )}
            {showPast && past && past.length > 0 && <BookingRows entries={past} testId="my-bookings-past" />}
          </div>
        </section>
      )}
    </div>
  );
}
