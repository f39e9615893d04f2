import { boolean, pgTable, uuid } from 'drizzle-orm/pg-core';
import { nowColumn } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * A user's notification settings; no row means the defaults (everything on). Messages have no
 * in-app switch: their unread counts are how people find them.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tripsInApp: boolean('trips_in_app').notNull().default(true),
  tripsEmail: boolean('trips_email').notNull().default(true),
  crewInApp: boolean('crew_in_app').notNull().default(true),
  messagesEmail: boolean('messages_email').notNull().default(true),
  updatedAt: nowColumn('updated_at'),
});

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
