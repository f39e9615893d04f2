import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { chats, messages, type ChatRow, type MessageRow } from './chats.table.ts';

export type ChatSide = 'a' | 'b';

export interface ChatUserRow {
  id: string;
  name: string;
  lastName: string;
  imageOriginal: string | null;
  imageThumbnail: string | null;
}

const userColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  imageOriginal: users.imageOriginal,
  imageThumbnail: users.imageThumbnail,
};

export async function findChatUser(db: Db, id: string): Promise<ChatUserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findChat(db: Db, id: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chats).where(eq(chats.id, id));
  return row;
}

/**
 * The chat of the pair (user_a < user_b), created when missing, and locked for this transaction:
 * messages of one chat are written one after the other, so their seq grows in commit order and a
 * client catching up with `after=seq` never skips one. Race-safe: insert … on conflict do nothing,
 * then select.
 */
export async function ensureChatLocked(db: Db, userA: string, userB: string): Promise<ChatRow> {
  await db
    .insert(chats)
    .values({ userA, userB })
    .onConflictDoNothing({ target: [chats.userA, chats.userB] });
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userA, userA), eq(chats.userB, userB)))
    .for('update');
  if (!row) throw new Error('chat row missing after upsert');
  return row;
}

export async function insertMessage(
  db: Db,
  values: { chatId: string; senderId: string; text: string },
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** After a message: the chat moves to the top, and the sender has read up to it. */
export async function touchChat(
  db: Db,
  chatId: string,
  senderSide: ChatSide,
  seq: number,
  at: Date,
): Promise<void> {
  await db
    .update(chats)
    .set(senderSide === 'a' ? { lastMessageAt: at, aReadSeq: seq } : { lastMessageAt: at, bReadSeq: seq })
    .where(eq(chats.id, chatId));
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

export interface ChatListRow {
  chat: ChatRow;
  other: ChatUserRow;
}

/** The user's chats with the other participant, most recent first. */
export async function findChatsOfUser(db: Db, userId: string): Promise<ChatListRow[]> {
  const otherId = sql`case when ${chats.userA} = ${userId} then ${chats.userB} else ${chats.userA} end`;
  return db
    .select({ chat: chats, other: userColumns })
    .from(chats)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(chats.userA, userId), eq(chats.userB, userId)))
    .orderBy(desc(chats.lastMessageAt), asc(chats.id));
}

/** The newest message of each chat. */
export async function findLastMessages(db: Db, chatIds: string[]): Promise<Map<string, MessageRow>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.chatId])
    .from(messages)
    .where(inArray(messages.chatId, chatIds))
    .orderBy(messages.chatId, desc(messages.seq));
  return new Map(rows.map((r) => [r.chatId, r]));
}

/** Per chat of the user: messages from the other side after the user's read mark. */
export async function countUnread(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ chatId: messages.chatId, unread: count() })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        ne(messages.senderId, userId),
        or(
          and(eq(chats.userA, userId), gt(messages.seq, chats.aReadSeq)),
          and(eq(chats.userB, userId), gt(messages.seq, chats.bReadSeq)),
        ),
      ),
    )
    .groupBy(messages.chatId);
  return new Map(rows.map((r) => [r.chatId, r.unread]));
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
