import {
  DELETED_USER_NAME,
  type Chat,
  type Message,
  type MessagesPage,
  type messagesQuerySchema,
} from '@tripcrew/contracts/chats';
import { isUuid } from '@tripcrew/contracts/common';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { LiveHub } from '../../../platform/live-hub.ts';
import { findUserCards, imageOf } from '../../users/index.ts';
import { findDirectMessagesOf, findTripMessagesBy } from './chats-export.repository.ts';
import { assertCanMessage, assertParticipant, CHAT_NOT_FOUND, orderedPair, sideOf } from './chats.policy.ts';
import {
  appendMessage,
  appendToExistingChat,
  ensureChatLocked,
  findChat,
  findChatList,
  findMessagesPage,
  findRecipient,
  markRead,
} from './chats.repository.ts';
import { toMessage } from './chat-message.ts';
import { mayReadTripChat, readTripChatPage, tripChatItems } from '../trip-chat/trip-chat.service.ts';

export type MessagesQuery = z.output<typeof messagesQuerySchema>;

export interface ChatsServiceDeps {
  db: Db;
  events: Pick<EventBus, 'emit'>;
  live: Pick<LiveHub, 'publish'>;
}

export function createChatsService(deps: ChatsServiceDeps) {
  const { db, events, live } = deps;

  return {
    /**
     * POST /users/messages/direct/{userId} (MSG-03, MSG-04): the chat of the pair is created on
     * the first message. After the commit the message goes live to both participants (the
     * sender's other tabs too) and message.created tells the notifications module.
     */
    async sendDirect(senderId: string, recipientParam: string, text: string): Promise<Message> {
      const self = senderId.toLowerCase() === recipientParam.toLowerCase();
      // A malformed id can name nobody: no lookup, 404 like an unknown one.
      const recipient =
        !self && isUuid(recipientParam) ? await findRecipient(db, senderId, recipientParam) : undefined;
      assertCanMessage({
        senderId,
        recipientId: recipientParam,
        recipientExists: recipient !== undefined,
        inCrew: recipient?.inCrew ?? false,
      });
      const [userA, userB] = orderedPair(senderId, recipientParam);
      const senderSide = sideOf({ userA, userB }, senderId) ?? 'a';
      // The pair's chat exists: one statement. The first message creates it in a transaction.
      const row =
        (await appendToExistingChat(db, { userA, userB, senderId, senderSide, text })) ??
        (await db.transaction(async (tx) => {
          const chat = await ensureChatLocked(tx, userA, userB);
          return appendMessage(tx, { chatId: chat.id, senderId, senderSide, text });
        }));
      const message = toMessage(row);
      const recipientId = recipientParam.toLowerCase();
      await live.publish([senderId, recipientId], { type: 'message', message });
      await events.emit({
        type: 'message.created',
        messageId: message._id,
        chatId: message.chatId,
        seq: message.seq,
        senderId,
        senderName: recipient?.senderName ?? 'Someone',
        recipientId,
        text: message.text,
        createdAt: message.createdAt,
      });
      return message;
    },

    /**
     * GET /users/chats (MSG-01): direct chats and the trip chats of the caller's trips (issue 21),
     * most recent first, with the other person or the trip, last message and unread count.
     */
    async list(userId: string): Promise<Chat[]> {
      const [rows, trips] = await Promise.all([findChatList(db, userId), tripChatItems(db, userId)]);
      const direct = rows.flatMap(({ chat, other, last, unread }) => {
        // The other side is null once that person deleted their account (decision 019).
        const gone = chat.userA === null || chat.userB === null;
        if (!other && !gone) return [];
        const item: Chat = {
          _id: chat.id,
          kind: 'direct',
          trip: null,
          user: other
            ? { _id: other.id, name: other.name, lastName: other.lastName, image: imageOf(other) }
            : { _id: '', name: DELETED_USER_NAME, lastName: '', image: null, deleted: true },
          lastMessage: last
            ? { text: last.text, senderId: last.senderId, createdAt: new Date(last.createdAt).toISOString() }
            : null,
          unread,
          canWrite: other !== null,
        };
        return [{ at: chat.lastMessageAt.getTime(), chat: item }];
      });
      return [...direct, ...trips].sort((x, y) => y.at - x.at).map((entry) => entry.chat);
    },

    /**
     * GET /users/messages/{chatId} (MSG-02, MSG-06, MSG-14): a page oldest→newest; reading marks
     * the chat read for the caller up to the newest message returned.
     */
    async messages(userId: string, chatId: string, query: MessagesQuery): Promise<MessagesPage> {
      if (query.before !== undefined && query.after !== undefined) {
        throw badRequest('Use either before (older messages) or after (newer messages), not both.', 'before');
      }
      if (!isUuid(chatId)) throw notFound(CHAT_NOT_FOUND);
      return db.transaction(async (tx) => {
        const chat = await findChat(tx, chatId);
        // A trip chat: readable by the trip's members of the moment, like GET /core/trips/{id}/chat.
        if (chat?.tripId) {
          if (!(await mayReadTripChat(tx, chat, userId))) throw notFound(CHAT_NOT_FOUND);
          return readTripChatPage(tx, { ...chat, tripId: chat.tripId }, userId, query);
        }
        assertParticipant(chat, userId);
        const { rows, hasOlder } = await findMessagesPage(tx, chat.id, query);
        const newest = rows.at(-1);
        const side = sideOf(chat, userId);
        if (newest && side) await markRead(tx, chat.id, side, newest.seq);
        return {
          data: rows.map(toMessage),
          nextCursor: hasOlder && rows[0] ? rows[0].seq : null,
        };
      });
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;

/** For the account deletion (inside its transaction): see chats.repository.ts. */
export { detachUserFromChats } from './chats.repository.ts';

// The unread-messages digest's view of the chats (used by the notifications module).
export {
  collectUnreadDigests,
  type DigestConversation,
  type DigestWindow,
  markDigestMailed,
  type UnreadDigest,
} from '../digest/chat-digest.service.ts';

/**
 * The user's messages for "Download my data": their direct conversations (both sides: it is their
 * conversation) and what they wrote in trip chats.
 */
export async function exportMessagesData(db: Db, userId: string) {
  const rows = await findDirectMessagesOf(db, userId);
  const others = rows.map((r) => (r.userA === userId ? r.userB : r.userA)).filter((id) => id !== null);
  const cards = await findUserCards(db, others);
  const conversations = new Map<
    string,
    {
      chatId: string;
      with: { id: string; name: string; lastName: string } | null;
      messages: Array<{
        id: string;
        fromMe: boolean;
        senderId: string | null;
        text: string;
        createdAt: string;
      }>;
    }
  >();
  for (const row of rows) {
    let conversation = conversations.get(row.chatId);
    if (!conversation) {
      const otherId = row.userA === userId ? row.userB : row.userA;
      const card = otherId ? cards.get(otherId) : undefined;
      conversation = {
        chatId: row.chatId,
        with: otherId ? { id: otherId, name: card?.name ?? '', lastName: card?.lastName ?? '' } : null,
        messages: [],
      };
      conversations.set(row.chatId, conversation);
    }
    conversation.messages.push({
      id: row.id,
      fromMe: row.senderId === userId,
      senderId: row.senderId,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    });
  }
  const tripRows = await findTripMessagesBy(db, userId);
  return {
    direct: [...conversations.values()],
    trips: tripRows.flatMap((r) =>
      r.tripId ? [{ id: r.id, tripId: r.tripId, text: r.text, createdAt: r.createdAt.toISOString() }] : [],
    ),
  };
}
