import { setTimeout as sleep } from 'node:timers/promises';
import { RECOVERY_TTL_SECONDS, type MessageResponse } from '@tripcrew/contracts/auth';
import type { AuthUser } from '../../../platform/auth-guard.ts';
import { AppError, unauthorized } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import type { PasswordChecks } from '../sessions/auth-password-checks.service.ts';
import { userAccounts } from '../../users/index.ts';
import type { CodeMailServiceDeps } from '../registration/auth-codes.service.ts';
import type { SecondFactorCheck } from '../two-factor/auth-two-factor.service.ts';
import { clearLoginFailures } from '../sessions/auth-sign-in.repository.ts';
import { recoveryMail } from '../auth.mails.ts';
import { assertStrongPassword } from '../auth.password-policy.ts';

/**
 * Passwords: recovery by a mailed reset code (forgot password) and a change by a signed-in user.
 * Both end sessions: a reset every one of the user, a change every one but the caller's.
 */

export interface RecoveryServiceDeps extends CodeMailServiceDeps {
  /** A password change also needs the second factor when it is on. */
  secondFactor: Pick<SecondFactorCheck, 'verifySecondFactor'>;
  /** The per-account throttled check of the current password. */
  passwordChecks: Pick<PasswordChecks, 'verify'>;
}

/** How long every answer of POST /auth/recovery takes, at least (far above the work it does). */
export const RECOVERY_ANSWER_MS = 250;

function formatRecoveryCode(digits: string): string {
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

const passwordError = (code: string, message: string, field: 'currentPassword' | 'newPassword') =>
  new AppError(code, message, 400, { field });

export function createRecoveryService(deps: RecoveryServiceDeps) {
  const { db, sessions, codes, send, log, appUrl } = deps;

  return {
    /**
     * POST /auth/recovery: always the same answer, as fast for an unknown address; an existing
     * account gets a reset code, mailed once the answer is on its way.
     */
    async recovery(email: string): Promise<MessageResponse> {
      const started = performance.now();
      const answer = {
        message: `If an account exists for this address, we sent it a reset code, valid for ${RECOVERY_TTL_SECONDS / 60} minutes. Check your email (and the spam folder).`,
      };
      const outcome = await db.transaction(async (tx) => {
        const user = await userAccounts.findByEmailForUpdate(tx, email);
        if (!user) return undefined;
        const code = await codes.issue(tx, user.id, 'recovery', RECOVERY_TTL_SECONDS);
        if (!code) {
          log.warn({ userId: user.id }, 'recovery mail not sent: hourly limit reached');
          return undefined;
        }
        return { user, code };
      });
      if (outcome) {
        // Sent after the answer, not awaited: waiting for the mail server would make a request
        // for an existing account measurably slower. A failure is logged, never shown.
        void send(
          recoveryMail({
            to: outcome.user.email,
            name: outcome.user.name,
            code: formatRecoveryCode(outcome.code),
            resetUrl: `${appUrl}/auth/recovery-confirm?email=${encodeURIComponent(outcome.user.email)}`,
            minutes: RECOVERY_TTL_SECONDS / 60,
          }),
        ).catch((error: unknown) => {
          log.error({ err: error, userId: outcome.user.id }, 'recovery mail not sent');
        });
      }
      // Known and unknown addresses answer after the same time: the work of a known one (a lock,
      // a code, a row) would otherwise tell them apart.
      const remaining = RECOVERY_ANSWER_MS - (performance.now() - started);
      if (remaining > 0) await sleep(remaining);
      return answer;
    },

    /** POST /auth/recovery-confirm: new password, every session of the user ended. */
    async recoveryConfirm(input: {
      email: string;
      code: string;
      password: string;
    }): Promise<MessageResponse> {
      assertStrongPassword(input.password, 'password', input.email);
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction(async (tx) => {
        const check = await codes.checkForEmail(tx, input.email, 'recovery', input.code);
        if (!check.ok) return check;
        const { user } = check;
        // The code proves the mailbox, so an unconfirmed account becomes confirmed too.
        await userAccounts.update(tx, user.id, {
          passwordHash,
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        });
        await sessions.revokeAllForUser(tx, user.id);
        await clearLoginFailures(tx, user.email);
        return { ok: true as const };
      });
      if (!outcome.ok) throw outcome.error;
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },

    /** POST /auth/change-password: the other sessions of the user are ended, this one stays. */
    async changePassword(
      caller: AuthUser,
      input: { currentPassword: string; newPassword: string; code?: string | undefined },
    ): Promise<MessageResponse> {
      const user = await userAccounts.findById(db, caller.id);
      if (!user) throw unauthorized('Your account no longer exists. Please sign in again.');
      if (!user.passwordHash) {
        throw passwordError(
          'NO_PASSWORD',
          'Your account has no password yet because you sign in with Google or GitHub. Use "Forgot password" to set one.',
          'currentPassword',
        );
      }
      if (!(await deps.passwordChecks.verify(user, input.currentPassword))) {
        throw passwordError('WRONG_PASSWORD', 'Your current password is wrong.', 'currentPassword');
      }
      if (input.newPassword === input.currentPassword) {
        throw passwordError(
          'SAME_PASSWORD',
          'The new password is the same as the current one. Choose a different one.',
          'newPassword',
        );
      }
      assertStrongPassword(input.newPassword, 'newPassword', user.email);
      // After the password checks, so a mistyped password does not use up the code.
      await deps.secondFactor.verifySecondFactor(user.id, input.code);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await userAccounts.update(tx, user.id, { passwordHash });
        await sessions.revokeAllForUser(tx, user.id, caller.sessionId);
      });
      return { message: 'Your password has been changed. Your other sessions have been signed out.' };
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
