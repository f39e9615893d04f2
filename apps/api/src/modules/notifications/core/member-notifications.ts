import type { TripRole } from '@tripcrew/contracts/trips';
import type { EventOf } from '../../../platform/events.ts';
import type { NewNotificationRow } from './notifications.repository.ts';

/** "made you an admin", in the words of the members tab. */
export const ROLE_WORDS: Record<TripRole, { as: string; means: string }> = {
  admin: { as: 'an admin', means: 'You can now manage its members, links and settings.' },
  member: { as: 'a member', means: 'You plan it with the others.' },
  driver: { as: 'the driver', means: 'You plan it with the others.' },
  guide: { as: 'the guide', means: 'You plan it with the others.' },
  guest: { as: 'a guest', means: 'You plan it with the others.' },
  other: { as: 'a member (other)', means: 'You plan it with the others.' },
  viewer: { as: 'a viewer', means: 'You can read the trip and its chat, but no longer change them.' },
};

/**
 * The notifications of a change to a trip's people (issue 35): its admins hear that someone
 * joined through a link, left, or was removed, except the admin who did it and the person it is
 * about (who hears of a removal through trip-removed).
 */
export async function memberChangeNotifications(
  event: EventOf<'trip.members-changed'>,
  nameOf: (userId: string) => Promise<string>,
): Promise<NewNotificationRow[]> {
  const about = event.userId.toLowerCase();
  const actor = event.byUserId.toLowerCase();
  const recipients = [...new Set(event.adminIds.map((id) => id.toLowerCase()))].filter(
    (id) => id !== about && id !== actor,
  );
  if (recipients.length === 0) return [];
  const member = await nameOf(about);
  const by = await nameOf(actor);
  const words = {
    joined: {
      title: 'Someone joined your trip',
      short: `${member} joined ${event.tripName}`,
      message: `${member} joined the trip ${event.tripName} through an invitation link. Their role is on the members tab.`,
    },
    left: {
      title: 'Someone left your trip',
      short: `${member} left ${event.tripName}`,
      message: `${member} left the trip ${event.tripName}. What they paid and owe stays on its budget tab.`,
    },
    removed: {
      title: 'A member was removed',
      short: `${by} removed ${member} from ${event.tripName}`,
      message: `${by} removed ${member} from the trip ${event.tripName}. What they paid and owe stays on its budget tab.`,
    },
  }[event.change];
  return recipients.map((userId) => ({
    userId,
    kind: 'trip-members',
    ...words,
    refTripId: event.tripId,
    refUserId: about,
  }));
}
