import type { AccountDeletionPlan, DeleteAccountBody } from '@tripcrew/contracts/account-deletion';
import type { MessageResponse } from '@tripcrew/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { AuthUser } from '../../../platform/auth-guard.ts';
import { unauthorized } from '../../../platform/errors.ts';
import type { AppEvent, EventBus } from '../../../platform/events.ts';
import { deleteKeysOfUser } from '../../../platform/idempotency.repository.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { removeStoredFiles } from '../../assets/index.ts';
import { detachUserFromChats } from '../../chats/index.ts';
import { deleteNotificationsAbout } from '../../notifications/index.ts';
import { detachReceiptsOf } from '../../expenses/index.ts';
import {
  deleteTripOfLeavingAdmin,
  detachBookingFilesOf,
  findSoleAdminTrips,
  forgetTraveller,
  forgetUserInActivity,
  handOverTripOfLeavingAdmin,
  removeTripCovers,
} from '../../trips/index.ts';
import { userAccounts, type UserRow } from '../../users/index.ts';
import { accountDeletedMail } from './account-deletion.mails.ts';
import { assertPassword, assertSocialConfirmation, planTrips } from './account-deletion.policy.ts';

export interface AccountDeletionDeps {
  db: Db;
  storage: FileStorage;
  events: Pick<EventBus, 'emit'>;
  /** Sends a mail; the deletion mail goes after the commit and a failure is only logged. */
  sendMail: (message: MailMessage) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Throws (a 4xx) when the second factor is on and `code` is missing or wrong. */
  verifySecondFactor: (userId: string, code: string | undefined) => Promise<void>;
  /** The per-account throttled password check (a 429 once too many were wrong). */
  checkPassword: (
    account: { email: string; passwordHash: string | null },
    password: string,
  ) => Promise<boolean>;
  /** Whether the user has the second factor on (the form shows the code field). */
  secondFactorEnabled: (userId: string) => Promise<boolean>;
  /** When the session (refresh-token family) began: the sign-in an account without password proves. */
  sessionStartedAt: (userId: string, sessionId: string) => Promise<Date | undefined>;
  /** Removes what sign-in remembers of an address (failed attempts), inside the transaction. */
  forgetSignInFailures: (tx: Db, email: string) => Promise<void>;
  /** Removes the stored archives of the user's data exports (their rows go with the user). */
  removeDataExports?: (userId: string) => Promise<void>;
  now?: () => Date;
}

const GONE = 'Your account no longer exists. Please sign in again.';

/**
 * Deleting one's account (issue 22, decision 019): checks, then ONE transaction for the trips
 * handed over or deleted, the chats left to the other people and the account itself (its own
 * rows go by their foreign keys); after the commit the files, the events (live sockets close,
 * members are told) and the confirmation mail.
 */
export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function account(userId: string): Promise<UserRow> {
    const user = await userAccounts.findById(db, userId);
    if (!user) throw unauthorized(GONE);
    return user;
  }

  async function confirm(caller: AuthUser, user: UserRow, body: DeleteAccountBody): Promise<void> {
    if (user.passwordHash) {
      const matches = body.password ? await deps.checkPassword(user, body.password) : false;
      assertPassword(true, body.password, matches);
    } else {
      const signedInAt = caller.sessionId
        ? await deps.sessionStartedAt(user.id, caller.sessionId)
        : undefined;
      assertSocialConfirmation({
        email: user.email,
        confirmEmail: body.confirmEmail,
        signedInAt,
        now: now(),
      });
    }
  }

  async function afterCommit(done: {
    user: UserRow;
    coverKeys: Array<string | null>;
    receiptKeys: string[];
    events: AppEvent[];
  }): Promise<void> {
    const { user } = done;
    await deps.events.emit({ type: 'auth.sessions-ended', userId: user.id, sessionIds: null });
    for (const event of done.events) await deps.events.emit(event);
    const avatar = [user.imageOriginal, user.imageThumbnail].filter((name): name is string => !!name);
    await removeStoredFiles(deps, avatar);
    await removeTripCovers(deps, done.coverKeys);
    await removeStoredFiles(deps, done.receiptKeys);
    await deps
      .sendMail(accountDeletedMail({ to: user.email, name: user.name }))
      .catch((error: Error) => log.error({ err: error.message }, 'account deletion mail failed'));
  }

  return {
    /** GET /account/deletion: what the form must ask (trips the user alone administers). */
    async plan(userId: string): Promise<AccountDeletionPlan> {
      const user = await account(userId);
      const [trips, twoFactor] = await Promise.all([
        findSoleAdminTrips(db, user.id),
        deps.secondFactorEnabled(user.id),
      ]);
      return {
        email: user.email,
        hasPassword: user.passwordHash !== null,
        twoFactor,
        trips: trips.map((trip) => ({
          tripId: trip.tripId,
          tripName: trip.tripName,
          members: trip.members.map((m) => ({
            _id: m.userId,
            name: m.name,
            lastName: m.lastName,
            role: m.role,
          })),
        })),
      };
    },

    /** POST /account/delete. */
    async deleteAccount(caller: AuthUser, body: DeleteAccountBody): Promise<MessageResponse> {
      const choices = body.trips ?? [];
      const user = await account(caller.id);
      await confirm(caller, user, body);
      // The choices are checked before the second factor, so a wrong choice burns no code.
      planTrips(await findSoleAdminTrips(db, user.id), choices);
      await deps.verifySecondFactor(user.id, body.code);
      // Every check passed: the export archives (files only; their rows go with the user).
      await deps.removeDataExports?.(user.id);

      const done = await db.transaction(async (tx) => {
        const locked = await userAccounts.findByIdForUpdate(tx, user.id);
        if (!locked) throw unauthorized(GONE);
        // Checked again on the locked trips: a member may have left since.
        const plan = planTrips(await findSoleAdminTrips(tx, user.id, true), choices);
        const events: AppEvent[] = [];
        for (const { tripId, toUserId } of plan.handOvers) {
          events.push(...(await handOverTripOfLeavingAdmin(tx, tripId, user.id, toUserId)));
        }
        const coverKeys: Array<string | null> = [];
        // Receipts and booking files: of the account, and of the trips that go with it.
        const receiptKeys: string[] = [];
        for (const tripId of plan.deletions) {
          const deleted = await deleteTripOfLeavingAdmin(tx, tripId, user.id);
          coverKeys.push(deleted.coverKey);
          receiptKeys.push(...deleted.fileKeys);
          events.push(...deleted.events);
        }
        await detachUserFromChats(tx, user.id);
        await forgetUserInActivity(tx, user.id);
        await forgetTraveller(tx, user.id);
        receiptKeys.push(
          ...(await detachReceiptsOf(tx, user.id)),
          ...(await detachBookingFilesOf(tx, user.id)),
        );
        await deleteNotificationsAbout(tx, user.id);
        await deleteKeysOfUser(tx, user.id);
        await deps.forgetSignInFailures(tx, locked.email);
        await userAccounts.delete(tx, user.id);
        return { user: locked, coverKeys, receiptKeys, events };
      });
      await afterCommit(done);
      return {
        message:
          'Your account has been deleted. Your receipts and the files you attached to bookings went with it; expenses and bookings you share with others stay in their trips, shown as "Deleted user".',
      };
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
