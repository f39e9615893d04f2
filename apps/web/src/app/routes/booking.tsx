import { msg } from '@lingui/core/macro';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { i18n, type MessageDescriptor } from '../../lib/i18n/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

interface Booking {
  emoji: string;
  documentTitle: MessageDescriptor;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The pages linked from the header 'book' dropdown (content not specified). */
const BOOKINGS = {
  flights: {
    emoji: '✈️',
    documentTitle: msg`Flights`,
    title: msg`Book flights`,
    text: msg`Flight booking is coming soon. Until then, plan the trip and we will be ready when you are.`,
  },
  bnbs: {
    emoji: '🛏️',
    documentTitle: msg`Bnbs`,
    title: msg`Book bnbs`,
    text: msg`Booking stays is coming soon. Until then, keep your favourite places on the wishlist.`,
  },
  cars: {
    emoji: '🚗',
    documentTitle: msg`Cars`,
    title: msg`Book cars`,
    text: msg`Car rental is coming soon. Road-trip plans can already be made with private transport.`,
  },
} satisfies Record<string, Booking>;

function BookingPage({ booking }: { booking: Booking }) {
  useDocumentTitle(i18n._(booking.documentTitle));
  return (
    <PagePlaceholder emoji={booking.emoji} title={i18n._(booking.title)}>
      <p>{i18n._(booking.text)}</p>
    </PagePlaceholder>
  );
}

/** /flights */
export const FlightsPage = () => <BookingPage booking={BOOKINGS.flights} />;
/** /bnbs */
export const BnbsPage = () => <BookingPage booking={BOOKINGS.bnbs} />;
/** /cars */
export const CarsPage = () => <BookingPage booking={BOOKINGS.cars} />;
