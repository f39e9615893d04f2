import {
  CODE_MAX_ATTEMPTS,
  CONFIRMATION_TTL_SECONDS,
  RECOVERY_TTL_SECONDS,
  type MessageResponse,
  type RegisterResponse,
  type Session,
  type TokenPair,
} from '@tripcrew/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { MailDeliveryError, type MailMessage, type Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { keyedHash, randomDigits, randomToken, sameHash, sha256 } from '../../platform/tokens.ts';
import { toCurrentUser, userAccounts, type UserRow } from '../users/users.service.ts';
import { alreadyRegisteredMail, confirmationMail, recoveryMail } from './auth.mails.ts';
import { assertStrongPassword } from './auth.password-policy.ts';
import {
  clearLoginFailures,
  consumeEmailCode,
  consumeOneTimeToken,
  countEmailCodesSince,
  countLoginFailures,
  findLatestEmailCodeForUpdate,
  findOneTimeTokenState,
  incrementCodeAttempts,
  isReplacedEmailCode,
  insertEmailCode,
  insertLoginFailure,
  insertOneTimeToken,
  pruneLoginFailures,
  voidEmailCodes,
  voidOneTimeTokens,
} from './auth.repository.ts';
import type { Sessions, StartedSession } from './auth.sessions.ts';

/** Where a request came from: for throttling and for labelling sessions. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  sessions: Sessions;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  appUrl: string;
  /** Key for hashing the short numeric codes. */
  codeSecret: string;
  loginThrottle: { windowMs: number; maxPerAccount: number; maxPerIp: number };
}

/** A 429 that also says when to come back (the route copies it into Retry-After). */
export class LoginThrottledError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super('LOGIN_THROTTLED', message, 429);
  }
}

/** At most this many codes of one kind are mailed to one account per hour (anti mail-bombing). */
const CODES_PER_HOUR = 10;

type CodePurpose = 'confirm' | 'recovery';
type CodeCheck = { ok: true } | { ok: false; error: AppError };

const badCode = (code: string, message: string) => new AppError(code, message, 400, { field: 'code' });

function formatRecoveryCode(digits: string): string {
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, sessions, mailer, log, appUrl } = deps;
  const windowSeconds = Math.ceil(deps.loginThrottle.windowMs / 1000);

  const codeHash = (purpose: CodePurpose, userId: string, code: string) =>
    keyedHash(deps.codeSecret, `${purpose}:${userId}:${code}`);

  async function send(message: MailMessage): Promise<void> {
    try {
      await mailer.sendMail(message);
    } catch (error) {
      if (error instanceof MailDeliveryError) {
        log.error({ err: error.message, subject: message.subject }, 'mail delivery failed');
        throw new AppError(
          'MAIL_UNAVAILABLE',
          'We could not send the email right now. Please try again in a few minutes.',
          503,
        );
      }
      throw error;
    }
  }

  /** Checks a code inside the caller's transaction; wrong attempts are counted (and committed). */
  async function checkCode(tx: Db, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const again =
      purpose === 'confirm'
        ? 'Register again to get a new code.'
        : 'Ask for a new code on the "Forgot password" page.';
    const row = await findLatestEmailCodeForUpdate(tx, userId, purpose);
    const hash = codeHash(purpose, userId, code);
    if (!row) return { ok: false, error: badCode('CODE_INVALID', `This code is not valid. ${again}`) };
    if (row.consumed) {
      return {
        ok: false,
        error: sameHash(row.codeHash, hash)
          ? badCode(
              'CODE_USED',
              purpose === 'confirm'
                ? 'This code was already used: your account is confirmed. Sign in with your email and password.'
                : 'This code was already used. Ask for a new code if you want to change your password again.',
            )
          : badCode('CODE_INVALID', `This code is not valid: use the code from the latest email. ${again}`),
      };
    }
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      return {
        ok: false,
        error: badCode('CODE_VOID', `Too many wrong attempts: this code no longer works. ${again}`),
      };
    }
    if (row.expired) return { ok: false, error: badCode('CODE_EXPIRED', `This code has expired. ${again}`) };
    if (!sameHash(row.codeHash, hash)) {
      if (await isReplacedEmailCode(tx, userId, purpose, hash)) {
        return {
          ok: false,
          error: badCode(
            'CODE_REPLACED',
            'This code was replaced by a newer one: use the code from the latest email.',
          ),
        };
      }
      const attempts = await incrementCodeAttempts(tx, row.id);
      const left = CODE_MAX_ATTEMPTS - attempts;
      return {
        ok: false,
        error:
          left > 0
            ? badCode(
                'CODE_WRONG',
                `The code is wrong. You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
              )
            : badCode(
                'CODE_VOID',
                `The code is wrong, and that was the last attempt: this code no longer works. ${again}`,
              ),
      };
    }
    await consumeEmailCode(tx, row.id);
    return { ok: true };
  }

  async function sessionFor(user: UserRow, session: StartedSession): Promise<Session> {
    return { ...toCurrentUser(user), ...(await sessions.tokensFor(session)) };
  }

  return {
    /**
     * POST /auth/register. Answers the same for a new email, an unconfirmed one (fresh code) and
     * a confirmed one (that address gets a "you already have an account" mail instead).
     */
    async register(input: {
      name: string;
      lastName: string;
      email: string;
      password: string;
      phone?: string | undefined;
    }): Promise<RegisterResponse> {
      assertStrongPassword(input.password, 'password', input.email);
      // Hash first, in every case, so a taken address does not answer faster.
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction(async (tx) => {
        let user = await userAccounts.findByEmailForUpdate(tx, input.email);
        if (!user) {
          user = await userAccounts.insert(tx, {
            email: input.email,
            name: input.name,
            lastName: input.lastName,
            phone: input.phone ?? null,
            passwordHash,
          });
          // A concurrent registration of the same address won the insert: treat it as existing.
          user ??= await userAccounts.findByEmailForUpdate(tx, input.email);
          if (!user) throw new AppError('CONFLICT', 'Please try again.', 409);
        } else if (!user.emailVerifiedAt) {
          // Unconfirmed: whoever confirms the mailbox owns the account, so the latest details win.
          user = (await userAccounts.update(tx, user.id, {
            name: input.name,
            lastName: input.lastName,
            phone: input.phone ?? null,
            passwordHash,
          }))!;
        } else {
          return { kind: 'exists' as const, user };
        }
        if ((await countEmailCodesSince(tx, user.id, 'confirm', 3600)) >= CODES_PER_HOUR) {
          return { kind: 'capped' as const, user };
        }
        await voidEmailCodes(tx, user.id, 'confirm');
        await voidOneTimeTokens(tx, user.id, 'activation');
        const code = randomDigits(8);
        const activation = randomToken();
        await insertEmailCode(tx, {
          userId: user.id,
          purpose: 'confirm',
          codeHash: codeHash('confirm', user.id, code),
          ttlSeconds: CONFIRMATION_TTL_SECONDS,
        });
        await insertOneTimeToken(tx, {
          userId: user.id,
          purpose: 'activation',
          tokenHash: sha256(activation),
          ttlSeconds: CONFIRMATION_TTL_SECONDS,
        });
        return { kind: 'pending' as const, user, code, activation };
      });

      if (outcome.kind === 'pending') {
        await send(
          confirmationMail({
            to: outcome.user.email,
            name: outcome.user.name,
            code: outcome.code,
            activationUrl: `${appUrl}/auth/activate?token=${encodeURIComponent(outcome.activation)}`,
            minutes: CONFIRMATION_TTL_SECONDS / 60,
          }),
        );
      } else if (outcome.kind === 'exists') {
        await send(
          alreadyRegisteredMail({
            to: outcome.user.email,
            name: outcome.user.name,
            loginUrl: `${appUrl}/auth`,
            recoveryUrl: `${appUrl}/auth/recovery`,
          }),
        );
      } else {
        log.warn({ userId: outcome.user.id }, 'registration mail not sent: hourly limit reached');
      }
      return {
        message: `Check your email (and the spam folder): we sent a confirmation code and a link, valid for ${CONFIRMATION_TTL_SECONDS / 60} minutes.`,
        email: input.email,
        expiresInSeconds: CONFIRMATION_TTL_SECONDS,
      };
    },

    /** POST /auth/confirm: the code from the registration mail activates the account and signs in. */
    async confirm(input: { email: string; code: string }, ctx: RequestContext): Promise<Session> {
      const outcome = await db.transaction(async (tx) => {
        const user = await userAccounts.findByEmailForUpdate(tx, input.email);
        if (!user) {
          return {
            ok: false as const,
            error: badCode('CODE_INVALID', 'This code is not valid. Register again to get a new code.'),
          };
        }
        const check = await checkCode(tx, user.id, 'confirm', input.code);
        if (!check.ok) return check;
        const confirmed = user.emailVerifiedAt
          ? user
          : (await userAccounts.update(tx, user.id, { emailVerifiedAt: new Date() }))!;
        await voidOneTimeTokens(tx, user.id, 'activation');
        return {
          ok: true as const,
          user: confirmed,
          session: await sessions.start(tx, user.id, ctx.userAgent),
        };
      });
      if (!outcome.ok) throw outcome.error;
      return sessionFor(outcome.user, outcome.session);
    },

    /** POST /auth/login. */
    async login(input: { email: string; password: string }, ctx: RequestContext): Promise<Session> {
      const { maxPerAccount, maxPerIp } = deps.loginThrottle;
      const [byAccount, byIp] = await Promise.all([
        countLoginFailures(db, { email: input.email }, windowSeconds),
        countLoginFailures(db, { ip: ctx.ip }, windowSeconds),
      ]);
      if (byAccount.count >= maxPerAccount) {
        const minutes = Math.max(1, Math.ceil(byAccount.retryAfterSeconds / 60));
        throw new LoginThrottledError(
          `Too many failed sign-in attempts for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`,
          Math.max(1, byAccount.retryAfterSeconds),
        );
      }
      if (byIp.count >= maxPerIp) {
        const minutes = Math.max(1, Math.ceil(byIp.retryAfterSeconds / 60));
        throw new LoginThrottledError(
          `Too many failed sign-in attempts from your network. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
          Math.max(1, byIp.retryAfterSeconds),
        );
      }

      const user = await userAccounts.findByEmail(db, input.email);
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) {
        await insertLoginFailure(db, input.email, ctx.ip);
        // Keep the table small: failures older than the window no longer count.
        if (Math.random() < 0.05) await pruneLoginFailures(db, windowSeconds).catch(() => undefined);
        throw new AppError('INVALID_CREDENTIALS', 'The email or the password is wrong.', 401);
      }
      if (!user.emailVerifiedAt) {
        throw new AppError(
          'UNCONFIRMED',
          'Confirm your email first: enter the code from the email we sent you, or register again to get a new code.',
          403,
        );
      }
      const session = await db.transaction(async (tx) => {
        await clearLoginFailures(tx, input.email);
        return sessions.start(tx, user.id, ctx.userAgent);
      });
      return sessionFor(user, session);
    },

    /** POST /auth/networks/activate-user: consumes an activation-link or social one-time token. */
    async activateUser(token: string, ctx: RequestContext): Promise<TokenPair> {
      const tokenHash = sha256(token);
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, tokenHash);
        if (!consumed) {
          const state = await findOneTimeTokenState(tx, tokenHash);
          return {
            ok: false as const,
            state: state?.consumed ? 'used' : state?.expired ? 'expired' : 'invalid',
          };
        }
        const user = await userAccounts.findById(tx, consumed.userId);
        if (!user) return { ok: false as const, state: 'invalid' };
        if (consumed.purpose === 'activation') {
          if (!user.emailVerifiedAt) await userAccounts.update(tx, user.id, { emailVerifiedAt: new Date() });
          await voidEmailCodes(tx, user.id, 'confirm');
        }
        return { ok: true as const, session: await sessions.start(tx, user.id, ctx.userAgent) };
      });
      if (outcome.ok) return sessions.tokensFor(outcome.session);
      const field = { field: 'token' };
      if (outcome.state === 'used') {
        throw new AppError(
          'TOKEN_USED',
          'This link was already used. Sign in with your email and password, or with Google or GitHub.',
          400,
          field,
        );
      }
      if (outcome.state === 'expired') {
        throw new AppError(
          'TOKEN_EXPIRED',
          'This link has expired. Register again, or sign in with Google or GitHub again, to get a new one.',
          400,
          field,
        );
      }
      throw new AppError(
        'TOKEN_INVALID',
        'This link is not valid. Check that you opened the whole link from the email.',
        400,
        field,
      );
    },

    /** POST /auth/logout: ends the session of the refresh token, else the one of the access token. */
    async logout(refreshToken: string | undefined, user: AuthUser | null): Promise<MessageResponse> {
      if (refreshToken) await sessions.revokeByRefreshToken(refreshToken);
      else if (user?.sessionId) await sessions.revokeFamily(user.sessionId);
      else throw unauthorized('Send the refresh token in the body, or the access token, to sign out.');
      return { message: 'You are signed out.' };
    },

    /** POST /auth/recovery: always the same answer; an existing account gets a reset code. */
    async recovery(email: string): Promise<MessageResponse> {
      const answer = {
        message: `If an account exists for ${email}, we sent it a reset code, valid for ${RECOVERY_TTL_SECONDS / 60} minutes.`,
      };
      const outcome = await db.transaction(async (tx) => {
        const user = await userAccounts.findByEmailForUpdate(tx, email);
        if (!user) return undefined;
        if ((await countEmailCodesSince(tx, user.id, 'recovery', 3600)) >= CODES_PER_HOUR) {
          log.warn({ userId: user.id }, 'recovery mail not sent: hourly limit reached');
          return undefined;
        }
        await voidEmailCodes(tx, user.id, 'recovery');
        const code = randomDigits(8);
        await insertEmailCode(tx, {
          userId: user.id,
          purpose: 'recovery',
          codeHash: codeHash('recovery', user.id, code),
          ttlSeconds: RECOVERY_TTL_SECONDS,
        });
        return { user, code };
      });
      if (outcome) {
        // A delivery failure is logged but not shown: answering differently for an existing
        // account would reveal that it exists.
        await send(
          recoveryMail({
            to: outcome.user.email,
            name: outcome.user.name,
            code: formatRecoveryCode(outcome.code),
            resetUrl: `${appUrl}/auth/recovery-confirm?email=${encodeURIComponent(outcome.user.email)}`,
            minutes: RECOVERY_TTL_SECONDS / 60,
          }),
        ).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
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
        const user = await userAccounts.findByEmailForUpdate(tx, input.email);
        if (!user) {
          return {
            ok: false as const,
            error: badCode(
              'CODE_INVALID',
              'This code is not valid. Ask for a new code on the "Forgot password" page.',
            ),
          };
        }
        const check = await checkCode(tx, user.id, 'recovery', input.code);
        if (!check.ok) return check;
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
      input: { currentPassword: string; newPassword: string },
    ): Promise<MessageResponse> {
      const user = await userAccounts.findById(db, caller.id);
      if (!user) throw unauthorized('Your account no longer exists. Please sign in again.');
      if (!user.passwordHash) {
        throw new AppError(
          'NO_PASSWORD',
          'Your account has no password yet because you sign in with Google or GitHub. Use "Forgot password" to set one.',
          400,
          { field: 'currentPassword' },
        );
      }
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('WRONG_PASSWORD', 'Your current password is wrong.', 400, {
          field: 'currentPassword',
        });
      }
      if (input.newPassword === input.currentPassword) {
        throw new AppError(
          'SAME_PASSWORD',
          'The new password is the same as the current one. Choose a different one.',
          400,
          {
            field: 'newPassword',
          },
        );
      }
      assertStrongPassword(input.newPassword, 'newPassword', user.email);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await userAccounts.update(tx, user.id, { passwordHash });
        await sessions.revokeAllForUser(tx, user.id, caller.sessionId);
      });
      return { message: 'Your password has been changed. Your other sessions have been signed out.' };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
