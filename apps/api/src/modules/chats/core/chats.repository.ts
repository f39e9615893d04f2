import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { outer, preparedQuery } from '../../../db/prepared.ts';
import { inCrewSql } from '../../crew/index.ts';
import { userCardJsonSql, userDisplayNameSql, type UserCardJson } from '../../users/index.ts';
import { chats, messages, type ChatRow, type MessageRow } from './chats.table.ts';

export type ChatSide = 'a' | 'b';

export async function findChat(db: Db, id: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chats).where(eq(chats.id, id));
  return row;
}

/** Whether the recipient of a direct message is in the sender's crew, and the sender's name. */
export interface RecipientCheck {
  inCrew: boolean;
  senderName: string;
}

/**
 * One round trip for everything a direct message checks first (MSG-04), undefined when the
 * recipient does not exist. The users and crew modules provide the parts (their SQL, their tables).
 */
export async function findRecipient(
  db: Db,
  senderId: string,
  recipientId: string,
): Promise<RecipientCheck | undefined> {
  const [row] = await queryRows<{
    recipient_name: string | null;
    in_crew: boolean;
    sender_name: string | null;
  }>(
    db,
    sql`
    select ${userDisplayNameSql(recipientId)} as recipient_name,
      ${inCrewSql(senderId, recipientId)} as in_crew,
      ${userDisplayNameSql(senderId)} as sender_name`,
  );
  return row && row.recipient_name !== null
    ? { inCrew: row.in_crew, senderName: row.sender_name || 'Someone' }
    : undefined;
}

/**
 * The chat of the pair (user_a < user_b), created on first use and locked until the transaction
 * ends: messages of one chat are written one after the other, so their seq grows in commit order
 * and a client catching up with `after=seq` never skips one. One statement: an upsert whose
 * no-op update takes the row lock, race-safe for two first messages at once.
 */
export async function ensureChatLocked(db: Db, userA: string, userB: string): Promise<ChatRow> {
  const [row] = await db
    .insert(chats)
    .values({ userA, userB })
    .onConflictDoUpdate({ target: [chats.userA, chats.userB], set: { userA: sql`${chats.userA}` } })
    .returning();
  if (!row) throw new Error('chat row missing after upsert');
  return row;
}

/** A message row as a raw `returning` gives it (also used by trip-chat.repository.ts). */
export type AppendedRow = {
  id: string;
  seq: string | number;
  chat_id: string;
  sender_id: string | null;
  text: string;
  /** jsonb, parsed by both drivers; absent from statements that do not return it. */
  event?: MessageRow['event'];
  created_at: string | Date;
};

export const toMessageRow = (row: AppendedRow): MessageRow => ({
  id: row.id,
  seq: Number(row.seq),
  chatId: row.chat_id,
  senderId: row.sender_id,
  text: row.text,
  event: row.event ?? null,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
});

const readColumnOf = (side: ChatSide) => (side === 'a' ? sql.raw('a_read_seq') : sql.raw('b_read_seq'));

/**
 * One statement that appends a message to the chat `chat` selects (one row with its id): the
 * message draws its seq, the chat moves to the top and the sender's read mark to the message.
 */
function appendStatement(chat: SQL, values: { senderId: string; senderSide: ChatSide; text: string }): SQL {
  return sql`
    with chat as (${chat}), msg as (
      insert into messages (chat_id, sender_id, text)
      select chat.id, ${values.senderId}, ${values.text} from chat
      returning id, seq, chat_id, sender_id, text, created_at
    ), touched as (
      update chats set last_message_at = msg.created_at, ${readColumnOf(values.senderSide)} = msg.seq
      from msg where chats.id = msg.chat_id
    )
    select * from msg`;
}

/** Appends a message to a chat already locked by the caller's transaction (ensureChatLocked). */
export async function appendMessage(
  db: Db,
  values: { chatId: string; senderId: string; senderSide: ChatSide; text: string },
): Promise<MessageRow> {
  const [row] = await queryRows<AppendedRow>(
    db,
    appendStatement(sql`select id from chats where id = ${values.chatId}`, values),
  );
  if (!row) throw new Error('message insert returned nothing');
  return toMessageRow(row);
}

/**
 * A message to a pair that already has a chat, in ONE statement (no BEGIN and COMMIT round trips
 * on the busiest write): the chat row is locked (FOR UPDATE, held until the statement commits)
 * before the message draws its seq, so within a chat seq order is still commit order. Resolves to
 * undefined when the pair has no chat yet: the caller creates it (ensureChatLocked).
 */
export async function appendToExistingChat(
  db: Db,
  values: { userA: string; userB: string; senderId: string; senderSide: ChatSide; text: string },
): Promise<MessageRow | undefined> {
  const [row] = await queryRows<AppendedRow>(
    db,
    appendStatement(
      sql`select id from chats where user_a = ${values.userA} and user_b = ${values.userB} for update`,
      values,
    ),
  );
  return row ? toMessageRow(row) : undefined;
}

/** Moves the side's read mark forward to `seq` (never back). */
export async function markRead(db: Db, chatId: string, side: ChatSide, seq: number): Promise<void> {
  await db
    .update(chats)
    .set(
      side === 'a'
        ? { aReadSeq: sql`greatest(${chats.aReadSeq}, ${seq})` }
        : { bReadSeq: sql`greatest(${chats.bReadSeq}, ${seq})` },
    )
    .where(eq(chats.id, chatId));
}

/** The user's chats, most recent first. */
/** A chat of the list with the other person's card, the newest message and the unread count. */
export interface ChatListRow {
  chat: ChatRow;
  other: UserCardJson | null;
  last: { text: string; senderId: string | null; createdAt: string } | null;
  unread: number;
}

const me = sql.placeholder('userId');
const otherSide = sql`case when ${outer(chats.userA)} = ${me} then ${outer(chats.userB)} else ${outer(chats.userA)} end`;

/**
 * GET /users/chats in one prepared statement: the user's chats, most recent first, each with the
 * other person (users' userCardJsonSql), the newest message, and the messages from the other
 * side after the user's read mark.
 */
const chatListQuery = preparedQuery((db) =>
  db
    .select({
      chat: chats,
      other: userCardJsonSql(otherSide),
      last: sql<
        ChatListRow['last']
      >`(select json_build_object('text', ${messages.text}, 'senderId', ${messages.senderId}, 'createdAt', ${messages.createdAt}) from ${messages} where ${messages.chatId} = ${outer(chats.id)} order by ${messages.seq} desc limit 1)`,
      unread:
        sql<number>`(select count(*) from ${messages} where ${messages.chatId} = ${outer(chats.id)} and ${messages.senderId} is distinct from ${me} and ${messages.seq} > case when ${outer(chats.userA)} = ${me} then ${outer(chats.aReadSeq)} else ${outer(chats.bReadSeq)} end)`.mapWith(
          Number,
        ),
    })
    .from(chats)
    .where(or(eq(chats.userA, me), eq(chats.userB, me)))
    .orderBy(desc(chats.lastMessageAt), asc(chats.id))
    .prepare('chats_of_user'),
);

export async function findChatList(db: Db, userId: string): Promise<ChatListRow[]> {
  return chatListQuery(db).execute({ userId });
}

/**
 * A page of a chat's messages, oldest to newest. Without a cursor: the newest `limit`; with
 * `before`: the `limit` just older than it; with `after`: the `limit` just newer than it (catch-up).
 * `hasOlder` says whether older messages than the page's first exist.
 */
export async function findMessagesPage(
  db: Db,
  chatId: string,
  cursor: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
  if (cursor.after !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), gt(messages.seq, cursor.after)))
      .orderBy(asc(messages.seq))
      .limit(cursor.limit);
    const first = rows[0];
    if (!first) return { rows, hasOlder: false };
    const [older] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), lt(messages.seq, first.seq)))
      .limit(1);
    return { rows, hasOlder: older !== undefined };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        cursor.before !== undefined ? lt(messages.seq, cursor.before) : undefined,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(cursor.limit + 1);
  const hasOlder = rows.length > cursor.limit;
  return { rows: rows.slice(0, cursor.limit).reverse(), hasOlder };
}

/**
 * Account deletion (decision 019): the direct chats whose other person is gone already are
 * deleted (their messages with them); in the others the user's side becomes null, so the chat
 * and its messages stay for the other person. The user's messages everywhere lose their sender.
 */
export async function detachUserFromChats(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`delete from ${chats} where ${chats.tripId} is null and ((${chats.userA} = ${userId} and ${chats.userB} is null) or (${chats.userB} = ${userId} and ${chats.userA} is null))`,
  );
  await db.execute(sql`update ${chats} set user_a = null where ${chats.userA} = ${userId}`);
  await db.execute(sql`update ${chats} set user_b = null where ${chats.userB} = ${userId}`);
  await db.execute(sql`update ${messages} set sender_id = null where ${messages.senderId} = ${userId}`);
}
