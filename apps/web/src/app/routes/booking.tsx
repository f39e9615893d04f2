import { Trans, useLingui } from '@lingui/react/macro';
import { BedDouble, CarFront, Plane } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MyBookingsPage } from '../../modules/trips/components/my-bookings/my-bookings-page.tsx';

/**
 * The pages of the header's 'book' dropdown (decision 037): the signed-in user's bookings of a
 * kind from every trip, at their local times, and the way to add one to a trip.
 */

/** /flights */
export function FlightsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Flights`);
  return (
    <MyBookingsPage
      kinds={['flight']}
      icon={Plane}
      title={t`Your flights`}
      intro={
        <Trans>Your flights from every trip, soonest first, each at the local time of its airport.</Trans>
      }
      signedOutText={
        <Trans>
          Your flights from every trip in one list, at their local times: the departure as the airport shows
          it, the arrival too, and how long you are in the air. Sign in to see yours.
        </Trans>
      }
      emptyText={
        <Trans>
          No flights coming up. Add one to a trip with 'Add a booking', or import it from the airline's
          confirmation mail with 'Import from a mail'.
        </Trans>
      }
    />
  );
}

/** /bnbs */
export function BnbsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bnbs`);
  return (
    <MyBookingsPage
      kinds={['lodging']}
      icon={BedDouble}
      title={t`Your stays`}
      intro={
        <Trans>Your stays from every trip, soonest first, with check-in and check-out at local time.</Trans>
      }
      signedOutText={
        <Trans>
          Your hotels, bnbs and flats from every trip in one list, with check-in and check-out at the local
          time of the place. Sign in to see yours.
        </Trans>
      }
      emptyText={
        <Trans>
          No stays coming up. Add one to a trip with 'Add a booking', or import it from the confirmation mail
          with 'Import from a mail'.
        </Trans>
      }
    />
  );
}

/** /cars */
export function CarsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Cars`);
  return (
    <MyBookingsPage
      kinds={['car-rental']}
      icon={CarFront}
      title={t`Your car rentals`}
      intro={
        <Trans>
          Your car rentals from every trip, soonest first, with pick-up and drop-off at local time.
        </Trans>
      }
      signedOutText={
        <Trans>
          Your car rentals from every trip in one list, with where and when you pick the car up and drop it
          off, at local time. Sign in to see yours.
        </Trans>
      }
      emptyText={
        <Trans>
          No car rentals coming up. Add one to a trip with 'Add a booking', or import it from the confirmation
          mail with 'Import from a mail'.
        </Trans>
      }
    />
  );
}

/** /flight/:placeId, loaded with the booking pages (one chunk). */
export { FlightPage } from './flight.tsx';
