import type { Database, Db } from '../../../db/client.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import { collectUnreadDigests, markDigestMailed, type UnreadDigest } from '../../chats/index.ts';
import { userAccounts } from '../../users/index.ts';
import { type MailLinks, unreadDigestMail } from '../core/notification-mails.ts';
import { findSettings } from '../settings/notification-settings.repository.ts';

/**
 * The digest of unread messages by email (issue 21): every MESSAGE_DIGEST_MINUTES, each user with
 * messages they have not read for DIGEST_QUIET_MS (direct and trip chats) gets one mail listing
 * them, unless their message emails are off. A message is in at most one digest: the chats module
 * keeps a per-user mark of what was mailed, moved forward only once the mail is out (a failed
 * delivery is tried again next run). With several instances, a cluster-wide lock taken without
 * waiting lets one of them run it; the others skip that round.
 */

/** Messages unread for less than this are left for the app (the reader may be on their way). */
export const DIGEST_QUIET_MS = 10 * 60_000;
/** Older unread messages are not worth a mail any more (the server may have been down). */
const DIGEST_LOOKBACK_MS = 3 * 24 * 60 * 60_000;
const USERS_PER_BATCH = 200;
const MAX_BATCHES = 25;
/** The advisory lock of the digest (any constant unique to this job). */
export const DIGEST_LOCK = 0x7d1_9e57;

export interface DigestRun {
  /** false: another instance held the lock and ran it. */
  ran: boolean;
  mailed: number;
  /** Users with unread messages whose message emails are off (marked, not mailed). */
  optedOut: number;
  failed: number;
}

export interface MessageDigestDeps {
  db: Db;
  lock: Pick<Database, 'tryExclusiveLock'>;
  mail: MailLinks & {
    send(message: MailMessage): Promise<void>;
    log: { error(details: object, message: string): void; info(details: object, message: string): void };
  };
  /** Minutes between runs; 0: no timer (runOnce still works). */
  intervalMinutes: number;
}

export function createMessageDigest(deps: MessageDigestDeps) {
  const { db, mail } = deps;
  let running: Promise<DigestRun> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Mails one digest; resolves to what happened. Never throws for one user's failure. */
  async function deliver(digest: UnreadDigest, emailOn: boolean): Promise<'mailed' | 'opted-out' | 'failed'> {
    const user = await userAccounts.findById(db, digest.userId);
    if (!user || !emailOn) {
      await markDigestMailed(db, digest.userId, digest.throughSeq);
      return 'opted-out';
    }
    const message = unreadDigestMail(mail, {
      to: user.email,
      userId: user.id,
      name: user.name,
      unread: digest.unread,
      conversations: digest.conversations,
    });
    try {
      await mail.send(message);
    } catch (error) {
      mail.log.error({ err: (error as Error).message, userId: user.id }, 'message digest delivery failed');
      return 'failed';
    }
    await markDigestMailed(db, digest.userId, digest.throughSeq);
    return 'mailed';
  }

  async function sendAll(now: Date): Promise<DigestRun> {
    const run: DigestRun = { ran: true, mailed: 0, optedOut: 0, failed: 0 };
    const window = {
      writtenBy: new Date(now.getTime() - DIGEST_QUIET_MS),
      writtenAfter: new Date(now.getTime() - Math.max(DIGEST_LOOKBACK_MS, 2 * deps.intervalMinutes * 60_000)),
      maxUsers: USERS_PER_BATCH,
    };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const digests = await collectUnreadDigests(db, window);
      const settings = await findSettings(
        db,
        digests.map((digest) => digest.userId),
      );
      for (const digest of digests) {
        const outcome = await deliver(
          digest,
          settings.get(digest.userId.toLowerCase())?.messagesEmail !== false,
        );
        if (outcome === 'mailed') run.mailed += 1;
        else if (outcome === 'opted-out') run.optedOut += 1;
        else run.failed += 1;
      }
      // A failed user would come back in the next batch: leave them for the next run.
      if (digests.length < USERS_PER_BATCH || run.failed > 0) break;
    }
    if (run.mailed + run.failed > 0) mail.log.info({ ...run }, 'message digest sent');
    return run;
  }

  const digest = {
    /** One run now (tests pass `now`); a run already under way in this process is joined. */
    runOnce(now: Date = new Date()): Promise<DigestRun> {
      running ??= deps.lock
        .tryExclusiveLock(DIGEST_LOCK, () => sendAll(now))
        .then((result) => (result.ran ? result.value : { ran: false, mailed: 0, optedOut: 0, failed: 0 }))
        .finally(() => {
          running = undefined;
        });
      return running;
    },

    /** Starts the timer (no-op when the interval is 0). The first run is one interval away. */
    start(): void {
      if (deps.intervalMinutes <= 0 || timer) return;
      timer = setInterval(() => {
        digest.runOnce().catch((error: Error) => {
          mail.log.error({ err: error.message }, 'message digest run failed');
        });
      }, deps.intervalMinutes * 60_000);
      timer.unref();
    },

    /** Stops the timer and waits for a run under way. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
  return digest;
}

export type MessageDigest = ReturnType<typeof createMessageDigest>;
