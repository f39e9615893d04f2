import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EXPORT_STATUSES } from '@tripcrew/contracts/account-export';
import { idColumn, nowColumn, ownerColumn } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';

/**
 * "Download my data" jobs (account-export.service.ts). A job is queued, runs in the background
 * (progress 0–100, `updated_at` touched at every step so a job whose process died is found
 * stale), then is ready with its ZIP at `storage_key` until `expires_at`, downloaded once, or
 * failed. The stored file is deleted once downloaded or expired. At most one queued or running
 * job per user (a partial unique index).
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: idColumn(),
    userId: ownerColumn('user_id', () => users.id),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_created').on(t.userId, t.createdAt),
    uniqueIndex('account_exports_one_active')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type AccountExportRow = typeof accountExports.$inferSelect;
