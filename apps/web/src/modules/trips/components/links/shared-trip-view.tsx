import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Car, MapPin, Plane, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import { isDeadLink, useSharedTrip } from '../../api/trip-links.ts';
import { DeadLink } from './dead-link.tsx';
import { SharedBookings } from './shared-bookings.tsx';
import { SharedDays, SharedFeatures } from './shared-plan.tsx';
import { tripDatesText } from './trip-dates-text.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const SHARE_GONE_TITLE = msg`This link no longer works`;

/** `<meta name="robots" content="noindex">` while mounted: a shared trip is not for search engines. */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** The cover (~940×650, SPEC §9) over a gradient that stays when there is none or it fails. */
function CoverImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="h-48 w-full bg-gradient-to-br from-teal-700 to-orange-500 sm:h-72">
      {src && !failed && (
        <img
          src={`${src}${src.includes('?') ? '&' : '?'}compress=940x650`}
          alt=""
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}

/** /share/:token: the trip read-only for anyone with the link (first names only). */
export function SharedTripView({ token }: { token: string }) {
  const { t } = useLingui();
  useNoIndex();
  const shared = useSharedTrip(token);
  if (shared.isPending) return <EmojiLoader label={t`Opening the shared trip…`} className="py-24" />;
  if (shared.isError) {
    if (isDeadLink(shared.error)) {
      return (
        <DeadLink title={i18n._(SHARE_GONE_TITLE)}>
          <p className="text-slate-600 dark:text-slate-300">
            <Trans>
              Sharing was turned off, or the link was replaced by a new one. Ask whoever sent it for the
              current link.
            </Trans>
          </p>
          <Link to="/" className={buttonClass({ size: 'md' })}>
            <Trans>Go to Tripcrew</Trans>
          </Link>
        </DeadLink>
      );
    }
    return (
      <QueryError
        query={shared}
        message={t`The shared trip could not be loaded.`}
        className="mx-auto max-w-lg"
      />
    );
  }
  const trip = shared.data;
  const Transport = trip.transportMode === 'public' ? Plane : Car;
  return (
    <article aria-labelledby="shared-trip-title" className="mx-auto flex w-full max-w-5xl flex-col gap-8">
      <header className="relative overflow-hidden rounded-3xl">
        <CoverImage src={trip.image} />
        <div className="absolute inset-0 flex flex-col justify-end gap-2 bg-gradient-to-t from-black/75 via-black/30 to-transparent p-5 text-white sm:p-8">
          <p className="text-xs font-semibold tracking-wide uppercase opacity-90">
            <Trans>Shared trip · read only</Trans>
          </p>
          <h1 id="shared-trip-title" className="text-2xl font-bold tracking-tight sm:text-4xl">
            {trip.tripName}
          </h1>
        </div>
      </header>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-slate-700 dark:text-slate-200">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4" />
          {trip.place.name}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4" />
          {tripDatesText(trip.startDate, trip.endDate)}
        </li>
        <li className="flex items-center gap-2">
          <Transport aria-hidden="true" className="size-4" />
          {trip.transportMode === 'public' ? t`Public transport` : t`Own car`}
        </li>
        {trip.crew.length > 0 && (
          <li className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-4" />
            <span data-testid="shared-crew">{trip.crew.join(', ')}</span>
          </li>
        )}
      </ul>
      <SharedDays days={trip.days} />
      <SharedBookings bookings={trip.bookings} />
      <SharedFeatures features={trip.features} />
    </article>
  );
}
