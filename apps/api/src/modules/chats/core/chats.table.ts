import type { ChatEvent } from '@tripcrew/contracts/chats';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../../db/columns.ts';
import { trips } from '../../trips/core/trips.table.ts';
import { users } from '../../users/users.table.ts';

/**
 * A direct chat between two users, stored once per pair with `user_a < user_b`. Each side's
 * `*_read_seq` is the last message seq it has read (unread counts compare against it).
 * A trip chat (issue 21) has `trip_id` instead of a pair: one per trip, for its members, who keep
 * their read marks in `chat_reads`.
 */
export const chats = pgTable(
  'chats',
  {
    id: idColumn(),
    // A deleted account leaves its direct chats to the other person (decision 019): its side
    // becomes null; the account deletion removes a chat both of whose people are gone.
    userA: uuid('user_a').references(() => users.id, { onDelete: 'set null' }),
    userB: uuid('user_b').references(() => users.id, { onDelete: 'set null' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    aReadSeq: bigint('a_read_seq', { mode: 'number' }).notNull().default(0),
    bReadSeq: bigint('b_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: nowColumn('last_message_at'),
    createdAt: nowColumn(),
  },
  (t) => [
    uniqueIndex('chats_pair').on(t.userA, t.userB),
    index('chats_user_b').on(t.userB),
    uniqueIndex('chats_trip').on(t.tripId),
    // The unread-messages digest looks only at chats that moved lately.
    index('chats_last_message_at').on(t.lastMessageAt),
    check(
      'chats_pair_or_trip',
      sql`(${t.tripId} is null and (${t.userA} is not null or ${t.userB} is not null) and (${t.userA} is null or ${t.userB} is null or ${t.userA} < ${t.userB})) or (${t.tripId} is not null and ${t.userA} is null and ${t.userB} is null)`,
    ),
  ],
);

/**
 * Messages; `seq` is a global identity, so it orders a chat's messages and serves as cursor.
 * `sender_id` null: the sender deleted their account; the message stays for the others, shown
 * as from "Deleted user" (decision 019). `event` is set on a line the app wrote for the sender
 * into a trip chat (a booking added, changed or removed; its `text` is the plain-English
 * fallback), null on everything people typed.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    chatId: ownerColumn('chat_id', () => chats.id),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    event: jsonb('event').$type<ChatEvent>(),
    createdAt: nowColumn(),
  },
  (t) => [uniqueIndex('messages_chat_seq').on(t.chatId, t.seq)],
);

/** A member's read mark in a trip chat: the last message seq they have read. */
export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: ownerColumn('chat_id', () => chats.id),
    userId: ownerColumn('user_id', () => users.id),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

/**
 * What the unread-messages digest has mailed a user about: every message up to `mailed_seq`
 * (seq is global), so a message is in at most one digest.
 */
export const chatDigestMarks = pgTable('chat_digest_marks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
  mailedAt: nowColumn('mailed_at'),
});

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
