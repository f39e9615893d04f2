import type { EventOf } from '../../../platform/events.ts';
import type { NewNotificationRow } from './notifications.repository.ts';

const DONE: Record<EventOf<'trip.expense'>['action'], string> = {
  added: 'added',
  changed: 'changed',
  deleted: 'deleted',
  settled: 'recorded',
};

/**
 * The notifications of a change to a trip's money (issue 24): everyone it concerns (who paid, who
 * shares it, who was paid) hears of it, except who made the change.
 */
export function expenseNotifications(
  event: EventOf<'trip.expense'>,
  actor: { name: string; refUserId?: string },
): NewNotificationRow[] {
  const { name: by, ...ref } = actor;
  const recipients = [...new Set(event.userIds.map((id) => id.toLowerCase()))].filter(
    (id) => id !== event.byUserId.toLowerCase(),
  );
  const what =
    event.action === 'settled'
      ? `a payment of ${event.amount}`
      : `the expense “${event.title}” (${event.amount})`;
  return recipients.map((userId) => ({
    userId,
    kind: 'trip-expense',
    title: event.action === 'settled' ? 'A payment was recorded' : 'An expense concerns you',
    short: `${by} ${DONE[event.action]} ${what} in ${event.tripName}`,
    message: `${by} ${DONE[event.action]} ${what} in the trip ${event.tripName}. Your balance is on its budget tab.`,
    refTripId: event.tripId,
    ...ref,
  }));
}
