import { CODE_MAX_ATTEMPTS } from '@tripcrew/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { keyedHash, randomDigits, sameHash } from '../../../platform/tokens.ts';
import { userAccounts, type UserRow } from '../../users/index.ts';
import {
  consumeEmailCode,
  countEmailCodesSince,
  findLatestEmailCodeForUpdate,
  incrementCodeAttempts,
  insertEmailCode,
  isReplacedEmailCode,
  voidEmailCodes,
  type CodePurpose,
} from './auth-codes.repository.ts';
import type { Sessions } from '../sessions/auth-sessions.service.ts';
import type { SendMail } from '../auth.mails.ts';

/**
 * The 8-digit codes mailed for registration ('confirm') and password reset ('recovery'): issued
 * (replacing older ones, at most CODES_PER_HOUR an hour) and checked (wrong attempts counted).
 * Only an HMAC of a code keyed with the server secret is stored.
 */

/** At most this many codes of one kind are mailed to one account per hour (anti mail-bombing). */
const CODES_PER_HOUR = 10;

type CodeFailure = { ok: false; error: AppError };
export type CodeCheck = { ok: true } | CodeFailure;

export const badCode = (code: string, message: string) => new AppError(code, message, 400, { field: 'code' });

/**
 * The one answer for every failure that does not need a real code to provoke: no account, no
 * pending code, a wrong guess, an expired code, one voided by too many wrong attempts, or a
 * stale guess after the code was used. Telling them apart would tell a stranger which addresses
 * have an account, so the attempt limits are enforced here without saying which one applied.
 */
const NOT_VALID: Record<CodePurpose, string> = {
  confirm: 'This code is not valid. Check the latest email, or register again to get a new code.',
  recovery:
    'This code is not valid. Check the latest email, or ask for a new code on the "Forgot password" page.',
};

const USED: Record<CodePurpose, string> = {
  confirm: 'This code was already used: your account is confirmed. Sign in with your email and password.',
  recovery: 'This code was already used. Ask for a new code if you want to change your password again.',
};

/** The answer for an address without an account, and for every code that cannot be used. */
const notValidCode = (purpose: CodePurpose): CodeFailure => ({
  ok: false,
  error: badCode('CODE_INVALID', NOT_VALID[purpose]),
});

export function createEmailCodes(deps: { codeSecret: string }) {
  const codeHash = (purpose: CodePurpose, userId: string, code: string) =>
    keyedHash(deps.codeSecret, `${purpose}:${userId}:${code}`);

  const codes = {
    /**
     * A fresh code inside the caller's transaction, replacing the pending ones; undefined when
     * the account already got CODES_PER_HOUR codes of that purpose in the last hour.
     */
    async issue(
      tx: Db,
      userId: string,
      purpose: CodePurpose,
      ttlSeconds: number,
    ): Promise<string | undefined> {
      if ((await countEmailCodesSince(tx, userId, purpose, 3600)) >= CODES_PER_HOUR) return undefined;
      await voidEmailCodes(tx, userId, purpose);
      const code = randomDigits(8);
      await insertEmailCode(tx, { userId, purpose, codeHash: codeHash(purpose, userId, code), ttlSeconds });
      return code;
    },

    /**
     * Checks a code inside the caller's transaction; wrong attempts are counted (and committed)
     * and a code is void after CODE_MAX_ATTEMPTS of them. Only someone holding a real code (the
     * one used already, or one a newer mail replaced) hears more than "not valid".
     */
    async check(tx: Db, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
      const fail = (error: AppError): CodeFailure => ({ ok: false, error });
      const row = await findLatestEmailCodeForUpdate(tx, userId, purpose);
      const hash = codeHash(purpose, userId, code);
      if (!row) return notValidCode(purpose);
      if (row.consumed) {
        return sameHash(row.codeHash, hash)
          ? fail(badCode('CODE_USED', USED[purpose]))
          : notValidCode(purpose);
      }
      if (row.attempts >= CODE_MAX_ATTEMPTS || row.expired) return notValidCode(purpose);
      if (!sameHash(row.codeHash, hash)) {
        if (await isReplacedEmailCode(tx, userId, purpose, hash)) {
          return fail(
            badCode(
              'CODE_REPLACED',
              'This code was replaced by a newer one: use the code from the latest email.',
            ),
          );
        }
        await incrementCodeAttempts(tx, row.id);
        return notValidCode(purpose);
      }
      await consumeEmailCode(tx, row.id);
      return { ok: true };
    },

    /**
     * The account of `email`, locked, once its code checks out (inside the caller's transaction);
     * an unknown address fails like a code that does not exist.
     */
    async checkForEmail(
      tx: Db,
      email: string,
      purpose: CodePurpose,
      code: string,
    ): Promise<{ ok: true; user: UserRow } | CodeFailure> {
      const user = await userAccounts.findByEmailForUpdate(tx, email);
      if (!user) return notValidCode(purpose);
      const check = await codes.check(tx, user.id, purpose, code);
      return check.ok ? { ok: true, user } : check;
    },
  };
  return codes;
}
export type EmailCodes = ReturnType<typeof createEmailCodes>;

/** What the services that mail codes and open sessions take: registration and recovery. */
export interface CodeMailServiceDeps {
  db: Db;
  sessions: Sessions;
  codes: EmailCodes;
  send: SendMail;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  appUrl: string;
}
