import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarClock } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useUpcomingTrips } from '../../api/get-upcoming-trips.ts';
import { UpcomingTripCard } from './upcoming-trip-card.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const UPCOMING_ERROR = msg`network error`;
export const UPCOMING_ERROR_TOAST_ID = 'upcoming-trips-error';

/**
 * The home 'upcoming trips' tile (HOME-05/07..10). Visitors see an invitation and no request is
 * made; signed-in users get the strip of GET /core/trips/upcoming cards.
 */
export function UpcomingTripsTile({ signedIn }: { signedIn: boolean }) {
  const upcoming = useUpcomingTrips(signedIn);

  useEffect(() => {
    if (upcoming.isError) toast.error(i18n._(UPCOMING_ERROR), { toastId: UPCOMING_ERROR_TOAST_ID });
  }, [upcoming.isError]);

  const trips = upcoming.data ?? [];
  const hasCards = signedIn && trips.length > 0;

  return (
    <article
      data-testid="upcoming-trips-tile"
      aria-labelledby="upcoming-trips-title"
      className={
        hasCards
          ? 'flex flex-col gap-3 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-500 p-4 text-white shadow-sm sm:col-span-2'
          : 'flex flex-col justify-between gap-4 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-500 p-6 text-white shadow-sm'
      }
    >
      <div className="flex items-center gap-3">
        <CalendarClock aria-hidden="true" className="size-7 shrink-0" />
        <h3 id="upcoming-trips-title" className="text-xl font-bold">
          <Trans>upcoming trips</Trans>
        </h3>
      </div>
      {!signedIn && (
        <p className="text-sm text-brand-50/90">
          <Trans>
            <Link to="/auth" className="font-semibold underline">
              Log in
            </Link>{' '}
            to see your next adventures here.
          </Trans>
        </p>
      )}
      {signedIn && upcoming.isPending && (
        <p className="text-sm text-brand-50/90">
          <Trans>Loading your trips…</Trans>
        </p>
      )}
      {signedIn && upcoming.isSuccess && trips.length === 0 && (
        <p className="text-sm text-brand-50/90">
          <Trans>No trips planned yet. Pick a place and press 'Trip create'.</Trans>
        </p>
      )}
      {signedIn && upcoming.isError && (
        <p className="text-sm text-brand-50/90">
          <Trans>Your trips could not be loaded.</Trans>
        </p>
      )}
      {hasCards && (
        <ul
          data-testid="upcoming-trips-strip"
          className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-1"
        >
          {trips.map((trip) => (
            <li key={trip._id} className="w-[85%] shrink-0 snap-start sm:w-72">
              <UpcomingTripCard trip={trip} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
