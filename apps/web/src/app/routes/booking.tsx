import { msg } from '@lingui/core/macro';
import { BedDouble, CarFront, type LucideIcon, Plane } from 'lucide-react';
import { i18n, type MessageDescriptor } from '../../lib/i18n/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { BookingKind } from '../../modules/trips/api/get-my-bookings.ts';
import { MyBookingsPage } from '../../modules/trips/components/my-bookings/my-bookings-page.tsx';

/**
 * The pages of the header's 'book' dropdown (decision 037): the signed-in user's bookings of a
 * kind from every trip, at their local times, and the way to add one to a trip.
 */

interface KindPage {
  kinds: readonly BookingKind[];
  icon: LucideIcon;
  /** The tab's title, the page's heading, the line under it, what a visitor reads, the empty state. */
  words: Record<'documentTitle' | 'title' | 'intro' | 'signedOut' | 'empty', MessageDescriptor>;
}

const FLIGHTS: KindPage = {
  kinds: ['flight'],
  icon: Plane,
  words: {
    documentTitle: msg`Flights`,
    title: msg`Your flights`,
    intro: msg`Your flights from every trip, soonest first, each at the local time of its airport.`,
    signedOut: msg`Your flights from every trip in one list, at their local times: the departure as the airport shows it, the arrival too, and how long you are in the air. Sign in to see yours.`,
    empty: msg`No flights coming up. Add one to a trip with 'Add a booking', or import it from the airline's confirmation mail with 'Import from a mail'.`,
  },
};

const STAYS: KindPage = {
  kinds: ['lodging'],
  icon: BedDouble,
  words: {
    documentTitle: msg`Bnbs`,
    title: msg`Your stays`,
    intro: msg`Your stays from every trip, soonest first, with check-in and check-out at local time.`,
    signedOut: msg`Your hotels, bnbs and flats from every trip in one list, with check-in and check-out at the local time of the place. Sign in to see yours.`,
    empty: msg`No stays coming up. Add one to a trip with 'Add a booking', or import it from the confirmation mail with 'Import from a mail'.`,
  },
};

const CAR_RENTALS: KindPage = {
  kinds: ['car-rental'],
  icon: CarFront,
  words: {
    documentTitle: msg`Cars`,
    title: msg`Your car rentals`,
    intro: msg`Your car rentals from every trip, soonest first, with pick-up and drop-off at local time.`,
    signedOut: msg`Your car rentals from every trip in one list, with where and when you pick the car up and drop it off, at local time. Sign in to see yours.`,
    empty: msg`No car rentals coming up. Add one to a trip with 'Add a booking', or import it from the confirmation mail with 'Import from a mail'.`,
  },
};

/** The page of one kind of booking, in the active language. */
function KindBookingsPage({ page: { kinds, icon, words } }: { page: KindPage }) {
  useDocumentTitle(i18n._(words.documentTitle));
  return (
    <MyBookingsPage
      kinds={kinds}
      icon={icon}
      title={i18n._(words.title)}
      intro={i18n._(words.intro)}
      signedOutText={i18n._(words.signedOut)}
      emptyText={i18n._(words.empty)}
    />
  );
}

/** /flights */
export const FlightsPage = () => <KindBookingsPage page={FLIGHTS} />;

/** /bnbs */
export const BnbsPage = () => <KindBookingsPage page={STAYS} />;

/** /cars */
export const CarsPage = () => <KindBookingsPage page={CAR_RENTALS} />;

/** /flight/:placeId, loaded with the booking pages (one chunk). */
export { FlightPage } from './flight.tsx';
