import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { ChatSide } from './chats.repository.ts';
import type { ChatRow } from './chats.table.ts';

/** Who may do what with chats (DESIGN §4 rule 2): one place, checked on the server. */

export const CHAT_NOT_FOUND = 'This chat does not exist.';
export const RECIPIENT_NOT_FOUND = 'This user does not exist.';

/** MSG-06: a chat is readable only by its two participants; anyone else sees 404 (no existence leak). */
export function assertParticipant(chat: ChatRow | undefined, userId: string): asserts chat is ChatRow {
  if (!chat || sideOf(chat, userId) === undefined) throw notFound(CHAT_NOT_FOUND);
}

/** 'a' or 'b' for a participant, undefined for anyone else. */
export function sideOf(chat: Pick<ChatRow, 'userA' | 'userB'>, userId: string): ChatSide | undefined {
  const id = userId.toLowerCase();
  if (chat.userA.toLowerCase() === id) return 'a';
  if (chat.userB.toLowerCase() === id) return 'b';
  return undefined;
}

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
