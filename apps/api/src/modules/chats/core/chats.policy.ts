import type { TripRole } from '@tripcrew/contracts/trips';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import type { ChatSide } from './chats.repository.ts';
import type { ChatRow } from './chats.table.ts';

/** Who may do what with chats (DESIGN §4 rule 2): one place, checked on the server. */

export const CHAT_NOT_FOUND = 'This chat does not exist.';
export const RECIPIENT_NOT_FOUND = 'This user does not exist.';

/** MSG-06: a chat is readable only by its two participants; anyone else sees 404 (no existence leak). */
export function assertParticipant(chat: ChatRow | undefined, userId: string): asserts chat is ChatRow {
  if (!chat || sideOf(chat, userId) === undefined) throw notFound(CHAT_NOT_FOUND);
}

/** 'a' or 'b' for a participant of a direct chat, undefined for anyone else (and for a trip chat). */
export function sideOf(chat: Pick<ChatRow, 'userA' | 'userB'>, userId: string): ChatSide | undefined {
  const id = userId.toLowerCase();
  if (chat.userA?.toLowerCase() === id) return 'a';
  if (chat.userB?.toLowerCase() === id) return 'b';
  return undefined;
}

/** The answer to everyone who is not (or no longer) a member: the trips module's, no existence leak. */
export const TRIP_NOT_FOUND = 'Trip not found';
export const TRIP_CHAT_READ_ONLY =
  'Your role in this trip is read-only (viewer): you can read the trip chat but not write in it.';

/**
 * A trip chat (issue 21) is for the trip's members, decided on their role at the moment of the
 * call (so leaving or being removed closes it at once): every role reads, every role but viewer
 * writes; a non-member gets 404 as for a trip that does not exist.
 */
export function assertTripChatAccess(
  role: TripRole | null,
  action: 'read' | 'write',
): asserts role is TripRole {
  if (role === null) throw notFound(TRIP_NOT_FOUND);
  if (action === 'write' && role === 'viewer') throw forbidden(TRIP_CHAT_READ_ONLY, 'TRIP_CHAT_READ_ONLY');
}

/** Whether a member with this role may write in the trip chat. */
export const canWriteTripChat = (role: TripRole): boolean => role !== 'viewer';

/** MSG-04: only people in each other's crew message each other; never oneself. */
export function assertCanMessage(input: {
  senderId: string;
  recipientId: string;
  recipientExists: boolean;
  inCrew: boolean;
}): void {
  if (input.senderId.toLowerCase() === input.recipientId.toLowerCase()) {
    throw badRequest('You cannot send a message to yourself.', 'userId');
  }
  if (!input.recipientExists) throw notFound(RECIPIENT_NOT_FOUND);
  if (!input.inCrew) {
    throw forbidden(
      'You can only message people in your crew: send them a crew request first.',
      'NOT_IN_CREW',
    );
  }
}

/** The pair as stored: user_a < user_b (uuid order is the order of the lower-case text). */
export function orderedPair(x: string, y: string): [string, string] {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  return a < b ? [a, b] : [b, a];
}
