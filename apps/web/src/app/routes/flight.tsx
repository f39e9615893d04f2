import { Trans, useLingui } from '@lingui/react/macro';
import { Plane } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { useSignedIn } from '../../components/ui/signed-in-context.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePlace } from '../../modules/places/api/get-place.ts';
import type { MyBooking } from '../../modules/trips/api/get-my-bookings.ts';
import { fliesToOrFrom } from '../../modules/trips/components/my-bookings/flight-place-match.ts';
import { MyBookingsPage } from '../../modules/trips/components/my-bookings/my-bookings-page.tsx';

/**
 * /flight/:placeId (decision 037): the signed-in user's flights to or from the place, from every
 * trip, at their local times: those whose airport lies within 60 km of the place or is named after
 * it. A place that cannot be found shows all their flights, and says so. A visitor reads what the
 * page does and how to sign in.
 */
export function FlightPage() {
  const { t } = useLingui();
  const { placeId } = useParams();
  // A visitor's page names no place: no lookup (an unknown id would only log a failed request).
  const signedIn = useSignedIn();
  const lookup = usePlace(signedIn ? (placeId ?? null) : null);
  const place = lookup.data ?? null;
  const name = place?.title ?? '';
  useDocumentTitle(place ? t`Flights: ${name}` : lookup.isFetching ? null : t`Flight`);
  const filter = useCallback((entry: MyBooking) => (place ? fliesToOrFrom(entry, place) : true), [place]);

  // Offline, a place this device never kept waits (paused): meanwhile all the flights show.
  const waiting = lookup.isPending && lookup.fetchStatus === 'paused';
  if (lookup.isPending && lookup.fetchStatus === 'fetching') {
    return <EmojiLoader label={t`Loading place…`} className="py-16" />;
  }
  return (
    <MyBookingsPage
      kinds={['flight']}
      icon={Plane}
      title={place ? t`Flights to and from ${name}` : t`Flights`}
      filter={filter}
      intro={
        place ? (
          <Trans>
            Your flights from every trip that land or take off near {name}, each at the local time of its
            airport.
          </Trans>
        ) : (
          <Trans>Your flights from every trip, soonest first, each at the local time of its airport.</Trans>
        )
      }
      notice={
        place ? null : (
          <p
            role="status"
            className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {waiting ? (
              <Trans>This place loads when you're back online; until then all your flights are shown.</Trans>
            ) : (
              <Trans>We could not find this place, so all your flights are shown.</Trans>
            )}
          </p>
        )
      }
      signedOutText={
        <Trans>
          Your flights to and from this place from every trip, in one list, at their local times: the
          departure as the airport shows it, the arrival too, and how long you are in the air. Sign in to see
          yours.
        </Trans>
      }
      emptyText={
        place ? (
          <>
            <Trans>
              No flights to or from {name} coming up. Add one to a trip with 'Add a booking' (its airport code
              is enough), or import it from the airline's confirmation mail.
            </Trans>{' '}
            <Link
              to="/flights"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-400"
            >
              <Trans>All your flights</Trans>
            </Link>
          </>
        ) : (
          <Trans>
            No flights coming up. Add one to a trip with 'Add a booking', or import it from the airline's
            confirmation mail with 'Import from a mail'.
          </Trans>
        )
      }
    />
  );
}
