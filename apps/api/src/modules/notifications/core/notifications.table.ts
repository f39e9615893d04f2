import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * A user's notifications. `chat_id` is set on message notifications: at most one unseen per
 * user and chat (a partial unique index), refreshed in place by later messages.
 * `ref_trip_id` is not a foreign key: a 'trip deleted' notification outlives its trip.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: ownerColumn('user_id', () => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    short: text('short').notNull(),
    message: text('message').notNull(),
    seen: boolean('seen').notNull().default(false),
    refTripId: uuid('ref_trip_id'),
    refUserId: uuid('ref_user_id'),
    chatId: uuid('chat_id'),
    createdAt: nowColumn(),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt),
    uniqueIndex('notifications_unseen_chat')
      .on(t.userId, t.chatId)
      .where(sql`${t.seen} = false and ${t.chatId} is not null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
