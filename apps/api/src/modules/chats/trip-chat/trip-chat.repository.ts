import type { ChatEvent } from '@tripcrew/contracts/chats';
import type { TripRole } from '@tripcrew/contracts/trips';
import { and, desc, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { outer } from '../../../db/prepared.ts';
import { memberRoleSql, memberSinceSql, tripIdsOfMemberSql, tripNameSql } from '../../trips/index.ts';
import { type AppendedRow, toMessageRow } from '../core/chats.repository.ts';
import { chatReads, chats, messages, type ChatRow, type MessageRow } from '../core/chats.table.ts';

/** SQL of trip chats (issue 21): one chat row per trip, read marks per member in chat_reads. */

/**
 * The trip's chat, created on first use and locked until the transaction ends, so the messages
 * of one chat are written one after the other (seq grows in commit order, as for direct chats).
 */
export async function ensureTripChatLocked(db: Db, tripId: string): Promise<ChatRow> {
  const [row] = await db
    .insert(chats)
    .values({ tripId })
    .onConflictDoUpdate({ target: chats.tripId, set: { tripId: sql`${chats.tripId}` } })
    .returning();
  if (!row) throw new Error('trip chat row missing after upsert');
  return row;
}

/**
 * One statement: the message draws its seq, the chat moves to the top of everyone's list and the
 * sender's read mark moves to the message (so their own message, or an event line written for
 * them, is never unread for them).
 */
export async function appendTripMessage(
  db: Db,
  values: { chatId: string; senderId: string; text: string; event?: ChatEvent | undefined },
): Promise<MessageRow> {
  const event = values.event ? JSON.stringify(values.event) : null;
  const [row] = await queryRows<AppendedRow>(
    db,
    sql`
    with msg as (
      insert into messages (chat_id, sender_id, text, event)
      values (${values.chatId}, ${values.senderId}, ${values.text}, ${event}::jsonb)
      returning id, seq, chat_id, sender_id, text, event, created_at
    ), touched as (
      update chats set last_message_at = msg.created_at from msg where chats.id = msg.chat_id
    ), seen as (
      insert into chat_reads (chat_id, user_id, read_seq)
      select chat_id, sender_id, seq from msg
      on conflict (chat_id, user_id) do update set read_seq = greatest(chat_reads.read_seq, excluded.read_seq)
    )
    select * from msg`,
  );
  if (!row) throw new Error('message insert returned nothing');
  return toMessageRow(row);
}

/** Moves a member's read mark in a trip chat forward to `seq` (never back). */
export async function markTripChatRead(db: Db, chatId: string, userId: string, seq: number): Promise<void> {
  await db
    .insert(chatReads)
    .values({ chatId, userId, readSeq: seq })
    .onConflictDoUpdate({
      target: [chatReads.chatId, chatReads.userId],
      set: { readSeq: sql`greatest(${chatReads.readSeq}, ${seq})` },
    });
}

/** A trip chat of the list: the trip's name, the caller's role, the newest message and the unread count. */
export interface TripChatListRow {
  chat: ChatRow;
  tripName: string | null;
  role: TripRole | null;
  last: { text: string; senderId: string | null; createdAt: string; event: ChatEvent | null } | null;
  unread: number;
}

/**
 * The trip chats of the trips `userId` is a member of now, that have at least one message, most
import { memberRoleSql, memberSinceSql, tripIdsOfMemberSql, tripNameSql } from '../../trips/index.ts';
 */
export async function findTripChatList(db: Db, userId: string): Promise<TripChatListRow[]> {
  // The talk from before the user joined is there to read, but it is not unread for them.
  const memberSince = memberSinceSql(outer(chats.tripId), sql`${userId}`);
  const readSeq = sql`coalesce((select ${chatReads.readSeq} from ${chatReads} where ${chatReads.chatId} = ${outer(chats.id)} and ${chatReads.userId} = ${userId}), 0)`;
  return db
    .select({
      chat: chats,
      tripName: tripNameSql(chats.tripId),
      role: memberRoleSql(outer(chats.tripId), sql`${userId}`),
      last: sql<
        TripChatListRow['last']
      >`(select json_build_object('text', ${messages.text}, 'senderId', ${messages.senderId}, 'createdAt', ${messages.createdAt}, 'event', ${messages.event}) from ${messages} where ${messages.chatId} = ${outer(chats.id)} order by ${messages.seq} desc limit 1)`,
      unread:
        sql<number>`(select count(*) from ${messages} where ${messages.chatId} = ${outer(chats.id)} and ${messages.senderId} is distinct from ${userId} and ${messages.seq} > ${readSeq} and ${messages.createdAt} >= ${memberSince})`.mapWith(
          Number,
        ),
    })
    .from(chats)
    .where(
      and(
        inArray(chats.tripId, tripIdsOfMemberSql(sql`${userId}`)),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${outer(chats.id)})`,
      ),
    )
    .orderBy(desc(chats.lastMessageAt), chats.id);
}
