import { and, desc, eq, gt, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountExports, type AccountExportRow } from './account-export.table.ts';

/** SQL of the data-export jobs. Times come from the service's clock, so tests can move it. */

/** A new queued job, or undefined when the user has a queued or running one already. */
export async function insertExport(db: Db, userId: string, now: Date): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .insert(accountExports)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findExport(db: Db, userId: string, id: string): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.id, id), eq(accountExports.userId, userId)));
  return row;
}

export async function findLatestExport(db: Db, userId: string): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return row;
}

/** The user's newest job that counts against the cooldown (any but a failed one). */
export async function findLatestCounted(db: Db, userId: string): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), ne(accountExports.status, 'failed')))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row;
}

/** Queued → running; undefined when someone else took it (or it is gone). */
export async function claimExport(db: Db, id: string, now: Date): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .update(accountExports)
    .set({ status: 'running', progress: 1, updatedAt: now })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'queued')))
    .returning();
  return row;
}

export async function setProgress(db: Db, id: string, progress: number, now: Date): Promise<void> {
  await db
    .update(accountExports)
    .set({ progress, updatedAt: now })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'running')));
}

/** Running → ready with its file; false when the job is no longer running (or gone). */
export async function markReady(
  db: Db,
  id: string,
  file: { storageKey: string; size: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ ...file, status: 'ready', progress: 100, updatedAt: file.readyAt })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'running')))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

export async function markFailed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(accountExports.id, id), inArray(accountExports.status, ['queued', 'running'])));
}

/** Queued or running jobs not touched since `before` (their process died): failed. */
export async function failStaleExports(db: Db, before: Date, now: Date, userId?: string): Promise<number> {
  const rows = await db
    .update(accountExports)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        inArray(accountExports.status, ['queued', 'running']),
        lte(accountExports.updatedAt, before),
        userId ? eq(accountExports.userId, userId) : undefined,
      ),
    )
    .returning({ id: accountExports.id });
  return rows.length;
}

/**
 * A download of a ready archive that has not expired: notes when it was last downloaded and
 * resolves to the stored file's key; undefined when the job is not ready or has expired. The
 * archive stays ready until it expires (it may be downloaded again).
 */
export async function recordDownload(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<{ storageKey: string | null; createdAt: Date } | undefined> {
  const [row] = await db
    .update(accountExports)
    .set({ downloadedAt: now, updatedAt: now })
    .where(
      and(
        eq(accountExports.id, id),
        eq(accountExports.userId, userId),
        eq(accountExports.status, 'ready'),
        gt(accountExports.expiresAt, now),
      ),
    )
    .returning({ storageKey: accountExports.storageKey, createdAt: accountExports.createdAt });
  return row;
}

/** Ready jobs past their expiry: expired. */
export async function expireExports(db: Db, now: Date): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(accountExports.status, 'ready'), lte(accountExports.expiresAt, now)));
}

/**
 * Jobs that are over (expired, failed, or downloaded under the former download-once rule) but
 * still name a stored file.
 */
export async function findLeftoverFiles(db: Db): Promise<Array<{ id: string; storageKey: string }>> {
  const rows = await db
    .select({ id: accountExports.id, storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(
      and(
        inArray(accountExports.status, ['downloaded', 'expired', 'failed']),
        isNotNull(accountExports.storageKey),
      ),
    );
  return rows.flatMap((r) => (r.storageKey ? [{ id: r.id, storageKey: r.storageKey }] : []));
}

export async function clearStorageKey(db: Db, id: string): Promise<void> {
  await db.update(accountExports).set({ storageKey: null }).where(eq(accountExports.id, id));
}

/** The stored files of all the user's jobs (account deletion removes them). */
export async function findFilesOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), isNotNull(accountExports.storageKey)));
  return rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
}
