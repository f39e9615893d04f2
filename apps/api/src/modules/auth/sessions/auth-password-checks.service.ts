import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import {
  clearPasswordCheckFailures,
  countPasswordCheckFailures,
  insertPasswordCheckFailure,
} from './auth-password-checks.repository.ts';

/** Wrong passwords an account may type to confirm operations within the window. */
export const PASSWORD_CHECK_MAX_FAILURES = 5;

/** A 429 that also says when to come back (the auth routes copy it into Retry-After). */
export class PasswordChecksThrottledError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'PASSWORD_CHECKS_THROTTLED',
      `Too many wrong passwords for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`,
      429,
    );
  }
}

export interface PasswordChecksDeps {
  db: Db;
  windowMs: number;
  maxFailures?: number;
}

/**
 * The password check of operations a signed-in account confirms (deleting it, changing the
 * password, turning off the second factor), throttled per account: past the limit every answer
 * is the same 429 without looking at the password, so a stolen session cannot guess it.
 */
export function createPasswordChecks(deps: PasswordChecksDeps) {
  const windowSeconds = Math.ceil(deps.windowMs / 1000);
  const maxFailures = deps.maxFailures ?? PASSWORD_CHECK_MAX_FAILURES;
  return {
    /** Whether `password` is the account's; throws the 429 once the account is throttled. */
    async verify(
      account: { email: string; passwordHash: string | null },
      password: string,
    ): Promise<boolean> {
      const failures = await countPasswordCheckFailures(deps.db, account.email, windowSeconds);
      if (failures.count >= maxFailures) throw new PasswordChecksThrottledError(failures.retryAfterSeconds);
      const ok = await verifyPassword(account.passwordHash, password);
      if (ok) await clearPasswordCheckFailures(deps.db, account.email);
      else await insertPasswordCheckFailure(deps.db, account.email);
      return ok;
    },
  };
}
export type PasswordChecks = ReturnType<typeof createPasswordChecks>;
