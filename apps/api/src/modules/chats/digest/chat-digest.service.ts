import type { Db } from '../../../db/client.ts';
import { DELETED_USER_NAME } from '@tripcrew/contracts/users';
import { findUserCards } from '../../users/index.ts';
import { type DigestWindow, findDigestGroups, saveDigestMark } from './chat-digest.repository.ts';

/**
 * What the chats module tells the unread-messages digest (issue 21): per user, the conversations
 * with messages they have neither read nor been mailed about. The notifications module sends the
 * mails and calls markDigestMailed for each user it has dealt with.
 */

export interface DigestConversation {
  chatId: string;
  kind: 'direct' | 'trip';
  /** The other person's name (direct) or the trip's name. */
  title: string;
  tripId: string | null;
  unread: number;
  /** The newest messages, newest first (at most three), shortened to 300 characters. */
  latest: Array<{ senderName: string; text: string; createdAt: string }>;
}

export interface UnreadDigest {
  userId: string;
  /** The total of unread messages in the digest. */
  unread: number;
  /** Mark the user as mailed up to here once the mail is out (markDigestMailed). */
  throughSeq: number;
  conversations: DigestConversation[];
}

export type { DigestWindow } from './chat-digest.repository.ts';

const nameOf = (senderId: string | null, card: { name: string; lastName: string } | undefined): string => {
  if (senderId === null) return DELETED_USER_NAME;
  return card ? `${card.name} ${card.lastName}`.trim() || 'Someone' : 'A former member';
};

/** The digests due in `window`, one per user, conversations most recent first. */
export async function collectUnreadDigests(db: Db, window: DigestWindow): Promise<UnreadDigest[]> {
  const groups = await findDigestGroups(db, window);
  const cards = await findUserCards(
    db,
    groups.flatMap((group) =>
      group.latest.flatMap((message) => (message.senderId ? [message.senderId] : [])),
    ),
  );
  const byUser = new Map<string, UnreadDigest>();
  for (const group of groups) {
    const latest = group.latest.map((message) => ({
      senderName: nameOf(message.senderId, message.senderId ? cards.get(message.senderId) : undefined),
      text: message.text,
      createdAt: new Date(message.createdAt).toISOString(),
    }));
    const conversation: DigestConversation = {
      chatId: group.chatId,
      kind: group.tripId ? 'trip' : 'direct',
      title: group.tripId ? (group.tripName ?? 'Your trip') : (latest[0]?.senderName ?? 'Someone'),
      tripId: group.tripId,
      unread: group.unread,
      latest,
    };
    const digest = byUser.get(group.userId) ?? {
      userId: group.userId,
      unread: 0,
      throughSeq: 0,
      conversations: [],
    };
    digest.unread += group.unread;
    digest.throughSeq = Math.max(digest.throughSeq, group.maxSeq);
    digest.conversations.push(conversation);
    byUser.set(group.userId, digest);
  }
  return [...byUser.values()];
}

/** The user was mailed (or chose no mail) about everything up to `throughSeq`. */
export async function markDigestMailed(db: Db, userId: string, throughSeq: number): Promise<void> {
  await saveDigestMark(db, userId, throughSeq);
}
