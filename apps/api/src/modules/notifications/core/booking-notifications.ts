import type { EventOf } from '../../../platform/events.ts';
import type { NewNotificationRow } from './notifications.repository.ts';

/** How a kind of booking is named in a sentence: "a train booking", "a stay". */
const KIND_WORDS: Record<string, string> = {
  flight: 'a flight',
  train: 'a train booking',
  bus: 'a bus booking',
  ferry: 'a ferry booking',
  'car-rental': 'a car rental',
  lodging: 'a stay',
  restaurant: 'a table',
  event: 'tickets',
  tour: 'a tour',
  other: 'a booking',
};

const DONE: Record<EventOf<'trip.booking'>['action'], string> = {
  added: 'added',
  changed: 'changed the times of',
  removed: 'removed',
};

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
  const what = KIND_WORDS[event.kind] ?? 'a booking';
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
