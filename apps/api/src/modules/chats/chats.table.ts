import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';

/**
 * A direct chat between two users, stored once per pair with `user_a < user_b`. Each side's
 * `*_read_seq` is the last message seq it has read (unread counts compare against it).
 */
export const chats = pgTable(
  'chats',
  {
    id: idColumn(),
    userA: ownerColumn('user_a', () => users.id),
    userB: ownerColumn('user_b', () => users.id),
    aReadSeq: bigint('a_read_seq', { mode: 'number' }).notNull().default(0),
    bReadSeq: bigint('b_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: nowColumn('last_message_at'),
    createdAt: nowColumn(),
  },
  (t) => [
    uniqueIndex('chats_pair').on(t.userA, t.userB),
    index('chats_user_b').on(t.userB),
    check('chats_ordered_pair', sql`${t.userA} < ${t.userB}`),
  ],
);

/** Messages; `seq` is a global identity, so it orders a chat's messages and serves as cursor. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    chatId: ownerColumn('chat_id', () => chats.id),
    senderId: ownerColumn('sender_id', () => users.id),
    text: text('text').notNull(),
    createdAt: nowColumn(),
  },
  (t) => [uniqueIndex('messages_chat_seq').on(t.chatId, t.seq)],
);

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
