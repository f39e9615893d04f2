import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chats, messages } from './chats.table.ts';

/** Every message of the user's direct chats (both sides), by chat then in order. */
export async function findDirectMessagesOf(db: Db, userId: string) {
  return db
    .select({
      chatId: chats.id,
      userA: chats.userA,
      userB: chats.userB,
      id: messages.id,
      senderId: messages.senderId,
      text: messages.text,
      createdAt: messages.createdAt,
    })
    .from(chats)
    .innerJoin(messages, eq(messages.chatId, chats.id))
    .where(or(eq(chats.userA, userId), eq(chats.userB, userId)))
    .orderBy(asc(chats.createdAt), asc(chats.id), asc(messages.seq));
}

/**
 * The messages the user wrote in trip chats, in order: not the event lines the app wrote for them
 * (a booking added…), whose bookings the trips part of the export holds.
 */
export async function findTripMessagesBy(db: Db, userId: string) {
  return db
    .select({ id: messages.id, tripId: chats.tripId, text: messages.text, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(and(eq(messages.senderId, userId), isNotNull(chats.tripId), isNull(messages.event)))
    .orderBy(asc(messages.seq));
}
