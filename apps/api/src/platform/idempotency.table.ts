import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { nowColumn } from '../db/columns.ts';

/**
 * What the API answered to a write sent with an `Idempotency-Key` (decision 016): the key, whose
 * request it was (user, method, path) and, once the request has finished, its status and body.
 * A row without a status is a request still running. Rows live for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: uuid('key').primaryKey(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: nowColumn(),
  },
  (t) => [index('idempotency_keys_created').on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
