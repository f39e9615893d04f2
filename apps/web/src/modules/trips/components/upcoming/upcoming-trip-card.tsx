import type { Trip } from '@tripcrew/contracts/trips';
import clsx from 'clsx';
import { Link } from 'react-router';
import { formatNextStart } from '../../../../lib/format/zoned-next.ts';
import { MemberAvatars } from '../member-avatars.tsx';
import { dotRange } from '../trip-list/trip-card.tsx';
import { TripCoverBackdrop } from '../trip-cover-backdrop.tsx';
import { tripCoverUrl } from '../trip-image.ts';
import { tripStatusLabel } from '../trip-status.ts';

/** The trip name split on commas, one trimmed row per part ('Lisbon, Portugal' → two rows). */
export function nameRows(name: string): string[] {
  const rows = name
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return rows.length > 0 ? rows : [name];
}

const STATUS_STYLES: Record<string, string> = {
  current: 'bg-emerald-500 text-white',
  soon: 'bg-orange-500 text-white',
  past: 'bg-slate-500 text-white',
  upcoming: 'bg-white/90 text-slate-900',
};

/**
 * Home upcoming-trip card (HOME-08): the name split on commas with letters spread out, the
 * dd.mm.yyyy range with the status label, what is next ("Flight TP 1350 · tomorrow 07:40 Lisbon
 * time"), the cover (~940x650, default when missing) and the participants' avatars; a click opens
 * /trips/{id}.
 */
export function UpcomingTripCard({ trip, now }: { trip: Trip; now?: Date }) {
  const status = tripStatusLabel(trip.startDate, trip.endDate, now);
  return (
    <article
      data-testid="upcoming-trip-card"
      className="group relative flex min-h-56 flex-col justify-between overflow-hidden rounded-2xl text-white shadow-md"
    >
      <TripCoverBackdrop
        src={tripCoverUrl(trip.image)}
        loading="lazy"
        className="transition duration-500 group-hover:scale-105"
        shade="from-slate-950/80 via-slate-950/30 to-slate-950/10"
      />
      <h3 className="relative p-4 text-lg leading-tight font-bold uppercase">
        <Link
          to={`/trips/${encodeURIComponent(trip._id)}`}
          aria-label={trip.tripName}
          className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:ring-4 focus-visible:after:ring-white"
        >
          {nameRows(trip.tripName).map((row, index) => (
            <span key={`${row}-${index}`} data-testid="trip-name-row" className="block tracking-[0.3em]">
              {row}
            </span>
          ))}
        </Link>
      </h3>
      <div className="relative flex flex-wrap items-end justify-between gap-3 p-4">
        <div className="flex flex-col gap-1">
          <span data-testid="upcoming-trip-dates" className="text-sm font-medium">
            {dotRange(trip)}
          </span>
          {trip.next && (
            <span data-testid="upcoming-trip-next" className="text-xs font-medium">
              {formatNextStart(trip.next, now)}
            </span>
          )}
          {status && (
            <span
              data-testid="trip-status"
              className={clsx(
                'w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold',
                STATUS_STYLES[status] ?? 'bg-brand-500 text-white',
              )}
            >
              {status}
            </span>
          )}
        </div>
        <MemberAvatars members={trip.users} size="xs" max={4} />
      </div>
    </article>
  );
}
