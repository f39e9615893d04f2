import type { Trip } from '@tripcrew/contracts/trips';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { FallbackImage } from '../../../../components/ui/fallback-image.tsx';
import { formatCardDateRange } from '../../../../lib/format/dates.ts';
import { formatNextStart } from '../../../../lib/format/zoned-next.ts';
import { MemberAvatars } from '../member-avatars.tsx';
import { TRIP_FALLBACK_IMAGE, tripCoverUrl } from '../trip-image.ts';

/** dd.mm.yyyy – dd.mm.yyyy, or 'no dates yet'. */
export function dotRange(trip: Pick<Trip, 'startDate' | 'endDate'>): string {
  if (!trip.startDate) return 'no dates yet';
  return formatCardDateRange(trip.startDate, trip.endDate);
}

/**
 * My trips card (TRIP-19): name, dd.mm.yyyy range, what is next ("Flight TP 1350 · tomorrow 07:40
 * Lisbon time"), main image (~940x650), member avatars; opens the trip.
 */
export function TripCard({ trip, now }: { trip: Trip; now?: Date }) {
  return (
    <article
      data-testid="trip-card"
      className="group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="aspect-[94/65] overflow-hidden">
        <FallbackImage
          src={tripCoverUrl(trip.image)}
          fallback={TRIP_FALLBACK_IMAGE}
          loading="lazy"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold tracking-tight">
          {/* The whole card is the link (stretched), the name stays the accessible name. */}
          <Link
            to={`/trips/${encodeURIComponent(trip._id)}`}
            className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-3xl focus-visible:after:ring-4 focus-visible:after:ring-brand-500"
          >
            {trip.tripName}
          </Link>
        </h2>
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <CalendarDays aria-hidden="true" className="size-4 text-brand-600" />
          <span data-testid="trip-card-dates">{dotRange(trip)}</span>
        </p>
        {trip.next && (
          <p data-testid="trip-card-next" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {formatNextStart(trip.next, now)}
          </p>
        )}
        <div className="mt-auto">
          <MemberAvatars members={trip.users} />
        </div>
      </div>
    </article>
  );
}
