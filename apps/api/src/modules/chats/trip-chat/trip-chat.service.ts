import type { Chat, ChatEvent, Message, TripChatPage } from '@tripcrew/contracts/chats';
import { DELETED_USER_NAME } from '@tripcrew/contracts/users';
import { isUuid } from '@tripcrew/contracts/common';
import type { TripRole } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import type { LiveHub } from '../../../platform/live-hub.ts';
import { findTripWithRole, memberIdsOf } from '../../trips/index.ts';
import { findUserCards } from '../../users/index.ts';
import { assertTripChatAccess, canWriteTripChat, TRIP_NOT_FOUND } from '../core/chats.policy.ts';
import { toMessage } from '../core/chat-message.ts';
import { findMessagesPage } from '../core/chats.repository.ts';
import type { ChatRow, MessageRow } from '../core/chats.table.ts';
import {
  appendTripMessage,
  ensureTripChatLocked,
  findTripChatList,
  markTripChatRead,
} from './trip-chat.repository.ts';

/** A page cursor as GET /users/messages and GET /core/trips/{id}/chat take it. */
export interface PageCursor {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

/** The sender's name; a deleted account is "Deleted user", someone who left "A former member". */
const nameOf = (senderId: string | null, card: { name: string; lastName: string } | undefined): string => {
  if (senderId === null) return DELETED_USER_NAME;
  return card ? `${card.name} ${card.lastName}`.trim() || 'Someone' : 'A former member';
};

/** The API shape of a trip chat's messages: with the trip and the sender's name. */
async function toTripMessages(db: Db, tripId: string, rows: readonly MessageRow[]): Promise<Message[]> {
  const cards = await findUserCards(
    db,
    rows.flatMap((row) => (row.senderId ? [row.senderId] : [])),
  );
  return rows.map((row) => ({
    ...toMessage(row),
    tripId,
    senderName: nameOf(row.senderId, row.senderId ? cards.get(row.senderId) : undefined),
  }));
}

/** The caller's role in the trip now (null: not a member, or no such trip). */
async function roleIn(db: Db, tripId: string, userId: string): Promise<TripRole | null> {
  if (!isUuid(tripId)) return null;
  return (await findTripWithRole(db, tripId, userId, false))?.role ?? null;
}

/**
 * A page of a trip chat for a member (inside the caller's transaction): reading marks the chat
 * read for them up to the newest message returned.
 */
export async function readTripChatPage(
  tx: Db,
  chat: ChatRow & { tripId: string },
  userId: string,
  cursor: PageCursor,
): Promise<{ data: Message[]; nextCursor: number | null }> {
  const { rows, hasOlder } = await findMessagesPage(tx, chat.id, cursor);
  const newest = rows.at(-1);
  if (newest) await markTripChatRead(tx, chat.id, userId, newest.seq);
  return {
    data: await toTripMessages(tx, chat.tripId, rows),
    nextCursor: hasOlder && rows[0] ? rows[0].seq : null,
  };
}

/** Whether `userId` may read the trip chat `chat` now (every role of a current member). */
export async function mayReadTripChat(tx: Db, chat: ChatRow, userId: string): Promise<boolean> {
  return chat.tripId !== null && (await roleIn(tx, chat.tripId, userId)) !== null;
}

/** The caller's trip chats as items of the chat list: a viewer's say they cannot write. */
export async function tripChatItems(db: Db, userId: string): Promise<Array<{ at: number; chat: Chat }>> {
  const rows = await findTripChatList(db, userId);
  // A line the app wrote reads "Ben Stone added a train booking": the list names its sender.
  const cards = await findUserCards(
    db,
    rows.flatMap(({ last }) => (last?.event && last.senderId ? [last.senderId] : [])),
  );
  return rows.map(({ chat, tripName, role, last, unread }) => ({
    at: chat.lastMessageAt.getTime(),
    chat: {
      _id: chat.id,
      kind: 'trip',
      user: null,
      trip: { _id: chat.tripId ?? '', name: tripName ?? 'Trip' },
      lastMessage: last
        ? {
            text: last.text,
            senderId: last.senderId,
            createdAt: new Date(last.createdAt).toISOString(),
            ...(last.event
              ? {
                  event: last.event,
                  senderName: nameOf(last.senderId, last.senderId ? cards.get(last.senderId) : undefined),
                }
              : {}),
          }
        : null,
      unread,
      canWrite: role !== null && canWriteTripChat(role),
    },
  }));
}

export interface TripChatServiceDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
}

export function createTripChatService({ db, live }: TripChatServiceDeps) {
  /**
   * Appends a message (typed, or an event line) to the trip's chat when `userId` is a member with
   * a role `allowed` accepts, then sends it live to the members of that moment (the sender's other
   * tabs too). Undefined when the role is refused and `allowed` returned false instead of throwing.
   */
  async function append(
    userId: string,
    tripId: string,
    values: { text: string; event?: ChatEvent },
    allowed: (role: TripRole | null) => boolean,
  ): Promise<Message | undefined> {
    const done = await db.transaction(async (tx) => {
      if (!allowed(await roleIn(tx, tripId, userId))) return undefined;
      const chat = await ensureTripChatLocked(tx, tripId);
      const row = await appendTripMessage(tx, { chatId: chat.id, senderId: userId, ...values });
      const [sent] = await toTripMessages(tx, tripId, [row]);
      return { message: sent as Message, memberIds: await memberIdsOf(tx, tripId) };
    });
    if (!done) return undefined;
    await live.publish(done.memberIds, { type: 'message', message: done.message });
    return done.message;
  }

  return {
    /** GET /core/trips/{id}/chat: a page of the trip chat, for every member (viewer included). */
    async page(userId: string, tripId: string, cursor: PageCursor): Promise<TripChatPage> {
      if (cursor.before !== undefined && cursor.after !== undefined) {
        throw badRequest('Use either before (older messages) or after (newer messages), not both.', 'before');
      }
      if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
      return db.transaction(async (tx) => {
        const role = await roleIn(tx, tripId, userId);
        assertTripChatAccess(role, 'read');
        const chat = await ensureTripChatLocked(tx, tripId);
        const page = await readTripChatPage(tx, { ...chat, tripId }, userId, cursor);
        return { ...page, chatId: chat.id, canWrite: canWriteTripChat(role) };
      });
    },

    /**
     * POST /core/trips/{id}/chat/messages: every member but a viewer writes. After the commit the
     * message goes live to the members of the trip at that moment (the sender's other tabs too).
     */
    async send(userId: string, tripId: string, text: string): Promise<Message> {
      if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
      const message = await append(userId, tripId, { text }, (role) => {
        assertTripChatAccess(role, 'write');
        return true;
      });
      return message as Message;
    },

    /**
     * An event line in the trip's chat, sent as `userId` (who did it): written and sent live like
     * a message, for a member of the trip at that moment only; undefined (nothing written) for
     * anyone else, or a trip that is gone.
     */
    async postEvent(
      userId: string,
      tripId: string,
      event: ChatEvent,
      text: string,
    ): Promise<Message | undefined> {
      if (!isUuid(tripId)) return undefined;
      return append(userId, tripId, { text, event }, (role) => role !== null);
    },
  };
}

export type TripChatService = ReturnType<typeof createTripChatService>;
