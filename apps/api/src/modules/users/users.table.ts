import { boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn } from '../../db/columns.ts';

/**
 * Accounts. `email` is stored trimmed and lower-cased (AUTH-19); `password_hash` is null for
 * users who only sign in with Google or GitHub; `email_verified_at` null means unconfirmed.
 * Image columns hold stored file names (see platform/storage.ts), not URLs.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    imageOriginal: text('image_original'),
    imageThumbnail: text('image_thumbnail'),
    /** Whether a crew search by the whole email address finds this account (off by default). */
    findableByEmail: boolean('findable_by_email').notNull().default(false),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
