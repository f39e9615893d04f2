import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Luggage } from 'lucide-react';
import { Link } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { OpenMoneyFromLeftTrips } from '../../modules/expenses/components/open-money.tsx';
import { useTrips } from '../../modules/trips/api/get-trips.ts';
import { selectUser } from '../../modules/users/state/user-slice.ts';
import { useAppSelector } from '../store/store.ts';
import { TripCard } from '../../modules/trips/components/trip-list/trip-card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const NO_TRIPS_TEXT = msg`You have no trips yet`;

/** /trips: my trips list (SPEC §2, TRIP-19). Protected. */
export function TripsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My trips`);
  const trips = useTrips();
  const user = useAppSelector(selectUser);

  return (
    <section aria-labelledby="my-trips-title" className="flex flex-col gap-6">
      <h1 id="my-trips-title" className="text-3xl font-bold tracking-tight">
        <Trans>My trips</Trans>
      </h1>
      {trips.isPending && <EmojiLoader label={t`Loading your trips…`} />}
      {trips.isError && <QueryError query={trips} message={t`We could not load your trips.`} />}
      {trips.data && trips.data.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center shadow-sm dark:bg-slate-900">
          <Luggage aria-hidden="true" className="size-10 text-brand-600" />
          <p className="text-lg font-semibold">{i18n._(NO_TRIPS_TEXT)}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>Pick a place, choose what you like and press 'Trip create'.</Trans>
          </p>
          <Link to="/" className="font-semibold text-brand-700 underline dark:text-brand-400">
            <Trans>Find a place</Trans>
          </Link>
        </div>
      )}
      {trips.data && trips.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {trips.data.map((trip) => (
            <li key={trip._id} className="flex">
              <div className="flex-1">
                <TripCard trip={trip} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {user._id && <OpenMoneyFromLeftTrips userId={user._id} />}
    </section>
  );
}
