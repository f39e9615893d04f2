import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Addresses that asked, through the link of an invitation mail, to get no more invitations
 * (trip-invites.service.ts); an invite by mail to one of them is refused.
 */
export const tripInviteBlocks = pgTable('trip_invite_blocks', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
