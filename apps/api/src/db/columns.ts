import { integer, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column definitions most tables share. Each call makes a new column builder (a builder belongs
 * to one table); the SQL they produce is exactly what the hand-written definitions produced, so
 * using them changes no migration.
 */

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** `<name> timestamp with time zone` (nullable: add `.notNull()` where it must be set). */
export const timeColumn = (name: string) => timestamp(name, { withTimezone: true });

/** `<name> timestamp with time zone not null default now()` (`created_at` unless told). */
export const nowColumn = (name = 'created_at') => timeColumn(name).notNull().defaultNow();

/**
 * `<name> uuid not null references <target> on delete cascade`: a row that belongs to another
 * (a user's notification, a chat's message) and goes when its owner goes.
 */
export const ownerColumn = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/**
 * `<name> uuid references <target> on delete set null`: the user who made or holds a row (its
 * author, an assignee, a message's sender); the row stays when they go and the column empties.
 */
export const actorColumn = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'set null' });

/**
 * `version integer not null default 1`: the version of an editable record, raised by one on
 * every change; an update names the version it started from (decision 035).
 */
export const versionColumn = () => integer('version').notNull().default(1);
