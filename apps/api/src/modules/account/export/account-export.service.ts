import {
  EXPORT_COOLDOWN_MINUTES,
  EXPORT_TTL_HOURS,
  type AccountExport,
} from '@tripcrew/contracts/account-export';
import { isUuid } from '@tripcrew/contracts/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict, gone, notFound } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { randomId } from '../../../platform/tokens.ts';
import { AccountGoneError, buildExportArchive } from './account-export.archive.ts';
import {
  claimExport,
  clearStorageKey,
  expireExports,
  failStaleExports,
  findExport,
  findFilesOfUser,
  findLatestCounted,
  findLatestExport,
  findLeftoverFiles,
  insertExport,
  markFailed,
  markReady,
  recordDownload,
  setProgress,
} from './account-export.repository.ts';
import type { AccountExportRow } from './account-export.table.ts';

/**
 * "Download my data" (issue 22): a job per request, run in this process right after the answer
 * (never in the request), its progress in the row. A job whose row was not touched for
 * STALE_AFTER_MS lost its process (a restart, a crash): it is failed when next looked at, at
 * boot and by the hourly sweep, and the user may start again at once. Ready archives are kept
 * EXPORT_TTL_HOURS and may be downloaded as often as needed until then; the sweep deletes the
 * file of an expired one.
 */

const STALE_AFTER_MS = 2 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const NOT_FOUND = 'There is no data export with this id.';

export class ExportCooldownError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(
      'EXPORT_COOLDOWN',
      `You can prepare your data once per ${EXPORT_COOLDOWN_MINUTES} minutes. Please try again later.`,
      429,
    );
  }
}

export interface AccountExportServiceDeps {
  db: Db;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** The clock (tests move it to check expiry and the cooldown). */
  now?: () => Date;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function createAccountExportService(deps: AccountExportServiceDeps) {
  const { db, storage, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** The jobs running in this process (close() waits for them). */
  const running = new Set<Promise<void>>();
  let sweepTimer: NodeJS.Timeout | undefined;

  function nextAllowedAt(latest: AccountExportRow | undefined): Date | null {
    if (!latest) return null;
    const at = new Date(latest.createdAt.getTime() + EXPORT_COOLDOWN_MINUTES * 60_000);
    return at > now() ? at : null;
  }

  function toExport(row: AccountExportRow, counted: AccountExportRow | undefined): AccountExport {
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now();
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      progress: row.status === 'ready' ? 100 : row.progress,
      createdAt: row.createdAt.toISOString(),
      readyAt: iso(row.readyAt),
      expiresAt: iso(row.expiresAt),
      downloadedAt: iso(row.downloadedAt),
      size: row.size,
      nextAllowedAt: iso(nextAllowedAt(counted)),
    };
  }

  async function removeFile(id: string, key: string): Promise<void> {
    try {
      await storage.delete(key);
      await clearStorageKey(db, id);
    } catch (err) {
      log.warn({ id, err: (err as Error).message }, 'could not delete a data export file');
    }
  }

  async function run(id: string, userId: string): Promise<void> {
    if (!(await claimExport(db, id, now()))) return;
    let storageKey: string | undefined;
    try {
      const zip = await buildExportArchive(
        { db, storage, now, progress: (percent) => setProgress(db, id, percent, now()) },
        userId,
      );
      storageKey = `exports/${randomId()}.zip`;
      await storage.put(storageKey, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + EXPORT_TTL_HOURS * 3_600_000);
      if (!(await markReady(db, id, { storageKey, size: zip.byteLength, readyAt, expiresAt }))) {
        // The job was failed as stale meanwhile, or the account was deleted.
        await storage.delete(storageKey);
      }
    } catch (err) {
      if (!(err instanceof AccountGoneError)) log.error({ id, err }, 'a data export failed');
      if (storageKey) await storage.delete(storageKey).catch(() => undefined);
      await markFailed(db, id, now()).catch(() => undefined);
    }
  }

  function schedule(id: string, userId: string): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => run(id, userId))
      .catch((err: unknown) => log.error({ id, err }, 'a data export could not run'))
      .finally(() => running.delete(job));
    running.add(job);
  }

  /** Fails the stale jobs (of one user, or all), expires old archives and deletes leftover files. */
  async function sweep(userId?: string): Promise<void> {
    const at = now();
    await failStaleExports(db, new Date(at.getTime() - STALE_AFTER_MS), at, userId);
    if (userId) return;
    await expireExports(db, at);
    for (const file of await findLeftoverFiles(db)) await removeFile(file.id, file.storageKey);
  }

  async function latestOf(userId: string): Promise<AccountExport | null> {
    await sweep(userId);
    const latest = await findLatestExport(db, userId);
    return latest ? toExport(latest, await findLatestCounted(db, userId)) : null;
  }

  return {
    /**
     * Starts an export: the user's queued or running one when there is one (created false),
     * else a new job unless the cooldown since the last one has not passed (429).
     */
    async start(userId: string): Promise<{ created: boolean; export: AccountExport }> {
      await sweep(userId);
      const latest = await findLatestCounted(db, userId);
      if (latest && (latest.status === 'queued' || latest.status === 'running')) {
        return { created: false, export: toExport(latest, latest) };
      }
      const allowedAt = nextAllowedAt(latest);
      if (allowedAt) throw new ExportCooldownError(Math.ceil((allowedAt.getTime() - now().getTime()) / 1000));
      const row = await insertExport(db, userId, now());
      if (!row) {
        // Another request of the same user won the race: answer its job.
        const active = await findLatestCounted(db, userId);
        if (!active) throw conflict('A data export is being prepared already.');
        return { created: false, export: toExport(active, active) };
      }
      schedule(row.id, userId);
      return { created: true, export: toExport(row, row) };
    },

    latest: latestOf,

    async get(userId: string, id: string): Promise<AccountExport> {
      await sweep(userId);
      const row = isUuid(id) ? await findExport(db, userId, id) : undefined;
      if (!row) throw notFound(NOT_FOUND);
      return toExport(row, await findLatestCounted(db, userId));
    },

    /** The archive, as often as asked until it expires (the sweep then deletes its file). */
    async download(userId: string, id: string): Promise<{ data: Buffer; fileName: string }> {
      const row = isUuid(id) ? await findExport(db, userId, id) : undefined;
      if (!row) throw notFound(NOT_FOUND);
      const taken = await recordDownload(db, userId, id, now());
      if (!taken) {
        if (row.status === 'downloaded')
          throw gone('This data export was downloaded already. Prepare a new one.');
        if (row.status === 'expired' || row.status === 'ready') {
          throw gone('This data export has expired. Prepare a new one.');
        }
        if (row.status === 'failed') throw gone('This data export failed. Prepare a new one.');
        throw conflict('This data export is not ready yet.');
      }
      const data = taken.storageKey ? await storage.get(taken.storageKey) : undefined;
      if (!data) throw gone('This data export is no longer available. Prepare a new one.');
      const day = taken.createdAt.toISOString().slice(0, 10);
      return { data, fileName: `tripcrew-export-${day}.zip` };
    },

    /** Deletes the stored archives of the user (account deletion calls it before the rows go). */
    async removeFilesOf(userId: string): Promise<void> {
      for (const key of await findFilesOfUser(db, userId)) {
        await storage.delete(key).catch(() => undefined);
      }
    },

    /** At boot: the sweep now, then every hour. */
    startSweeping(): void {
      const first = sweep()
        .catch((err: unknown) => log.warn({ err }, 'the data export sweep failed'))
        .finally(() => running.delete(first));
      running.add(first);
      sweepTimer = setInterval(() => {
        void sweep().catch((err: unknown) => log.warn({ err }, 'the data export sweep failed'));
      }, SWEEP_EVERY_MS);
      sweepTimer.unref();
    },

    sweep,

    /** Stops the sweep and waits for the jobs of this process. */
    async close(): Promise<void> {
      if (sweepTimer) clearInterval(sweepTimer);
      await Promise.allSettled([...running]);
    },
  };
}
export type AccountExportService = ReturnType<typeof createAccountExportService>;
