import { BOOKING_ACTION_WORDS, bookingKindPhrase } from '@tripcrew/contracts/trip-bookings';
import type { ChatEvent } from '@tripcrew/contracts/chats';
import type { EventBus, EventOf } from '../../../platform/events.ts';
import type { TripChatService } from './trip-chat.service.ts';

const DONE = BOOKING_ACTION_WORDS;

/** The event line of a booking event: what clients show in their own words. */
export function bookingChatEvent(event: EventOf<'trip.booking'>): ChatEvent {
  return { type: 'booking', action: event.action, kind: event.kind, title: event.title };
}

/**
 * The line's text for clients (and readers) that do not know events, said after the sender's
 * name: "added a train booking: Train Lisbon → Porto".
 */
export function bookingChatText(event: ChatEvent): string {
  const what = bookingKindPhrase(event.kind);
  const title = event.title.trim();
  return title ? `${DONE[event.action]} ${what}: ${title}` : `${DONE[event.action]} ${what}`;
}

/**
 * A booking added to a trip, its times changed, or removed (trip.booking) becomes a line in the
 * trip's chat, sent as the member who did it. The trips module emits the event once, after its
 * commit, on the instance that made the change (the event bus is in-process), so the line is
 * written once however many instances run. Returns the function that unsubscribes.
 */
export function subscribeBookingChatEvents(
  events: Pick<EventBus, 'on'>,
  chat: Pick<TripChatService, 'postEvent'>,
): () => void {
  return events.on('trip.booking', async (event) => {
    const line = bookingChatEvent(event);
    await chat.postEvent(event.byUserId, event.tripId, line, bookingChatText(line));
  });
}
