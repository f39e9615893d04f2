import { CODE_MAX_ATTEMPTS } from '@tripcrew/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { keyedHash, randomDigits, sameHash } from '../../platform/tokens.ts';
import { userAccounts, type UserRow } from '../users/users.service.ts';
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
import type { Sessions } from './auth-sessions.service.ts';
import type { SendMail } from './auth.mails.ts';

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

const AGAIN: Record<CodePurpose, string> = {
  confirm: 'Register again to get a new code.',
  recovery: 'Ask for a new code on the "Forgot password" page.',
};

const USED: Record<CodePurpose, string> = {
  confirm: 'This code was already used: your account is confirmed. Sign in with your email and password.',
  recovery: 'This code was already used. Ask for a new code if you want to change your password again.',
};

/** The answer for an address without an account: the same as for a code that does not exist. */
const unknownAccountCode = (purpose: CodePurpose): CodeFailure => ({
  ok: false,
  error: badCode('CODE_INVALID', `This code is not valid. ${AGAIN[purpose]}`),
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

    /** Checks a code inside the caller's transaction; wrong attempts are counted (and committed). */
    async check(tx: Db, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
      const again = AGAIN[purpose];
      const fail = (error: AppError): CodeFailure => ({ ok: false, error });
      const row = await findLatestEmailCodeForUpdate(tx, userId, purpose);
      const hash = codeHash(purpose, userId, code);
      if (!row) return unknownAccountCode(purpose);
      if (row.consumed) {
        return fail(
          sameHash(row.codeHash, hash)
            ? badCode('CODE_USED', USED[purpose])
            : badCode('CODE_INVALID', `This code is not valid: use the code from the latest email. ${again}`),
        );
      }
      if (row.attempts >= CODE_MAX_ATTEMPTS) {
        return fail(badCode('CODE_VOID', `Too many wrong attempts: this code no longer works. ${again}`));
      }
      if (row.expired) return fail(badCode('CODE_EXPIRED', `This code has expired. ${again}`));
      if (!sameHash(row.codeHash, hash)) {
        if (await isReplacedEmailCode(tx, userId, purpose, hash)) {
          return fail(
            badCode(
              'CODE_REPLACED',
              'This code was replaced by a newer one: use the code from the latest email.',
            ),
          );
        }
        const attempts = await incrementCodeAttempts(tx, row.id);
        const left = CODE_MAX_ATTEMPTS - attempts;
        return fail(
          left > 0
            ? badCode(
                'CODE_WRONG',
                `The code is wrong. You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
              )
            : badCode(
                'CODE_VOID',
                `The code is wrong, and that was the last attempt: this code no longer works. ${again}`,
              ),
        );
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
      if (!user) return unknownAccountCode(purpose);
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
  log: Pick<FastifyBaseLogger, 'warn'>;
  appUrl: string;
}
