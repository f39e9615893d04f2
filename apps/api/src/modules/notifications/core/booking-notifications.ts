import { BOOKING_ACTION_WORDS, bookingKindPhrase } from '@tripcrew/contracts/trip-bookings';
import type { EventOf } from '../../../platform/events.ts';
import type { NewNotificationRow } from './notifications.repository.ts';

const DONE = BOOKING_ACTION_WORDS;

/**
 * The notifications of a booking added to a trip, moved or removed: every other member hears of
 * it ("Ben added a train booking in Lisbon"), not who did it.
 */
export function bookingNotifications(
  event: EventOf<'trip.booking'>,
  actor: { name: string; refUserId?: string },
): NewNotificationRow[] {
  const { name: by, ...ref } = actor;
  const recipients = [...new Set(event.memberIds.map((id) => id.toLowerCase()))].filter(
    (id) => id !== event.byUserId.toLowerCase(),
  );
  const what = bookingKindPhrase(event.kind);
  return recipients.map((userId) => ({
    userId,
    kind: 'trip-booking',
    title: event.action === 'removed' ? 'A booking was removed' : 'A booking of your trip',
    short: `${by} ${DONE[event.action]} ${what} in ${event.tripName}`,
    message: `${by} ${DONE[event.action]} ${what} (“${event.title}”) in the trip ${event.tripName}. The trip's bookings are on its Bookings tab.`,
    refTripId: event.tripId,
    ...ref,
  }));
}
