import type { LoginResponse, MessageResponse } from '@tripcrew/contracts/auth';
import type { Db } from '../../../db/client.ts';
import type { AuthUser } from '../../../platform/auth-guard.ts';
import { AppError, unauthorized } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { userAccounts } from '../../users/index.ts';
import type { Sessions } from './auth-sessions.service.ts';
import {
  clearLoginFailures,
  countLoginFailures,
  insertLoginFailure,
  pruneLoginFailures,
  type FailureCount,
} from './auth-sign-in.repository.ts';
import type { TwoFactorService } from '../two-factor/auth-two-factor.service.ts';
import type { RequestContext } from '../auth.request-context.ts';

/**
 * Sign-in with email and password, and sign-out. Failures are throttled per account and address
 * pair, not per account: a stranger guessing from one address slows down and then locks only
 * that pair, and the owner still signs in from anywhere else. After FREE_FAILURES the pair waits
 * a delay that doubles with every further failure; at maxPerAccount it waits for the window.
 * Each address also has its own ceiling over all accounts (maxPerIp).
 */

/** Failures of one pair that cost no waiting (typos). */
const FREE_FAILURES = 3;
/** The longest progressive delay, in seconds. */
const MAX_DELAY_SECONDS = 300;

/** Seconds a pair with `failures` failures waits after its latest one before the next try. */
function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export interface SignInServiceDeps {
  db: Db;
  sessions: Sessions;
  twoFactor: Pick<TwoFactorService, 'isTwoFactorEnabled' | 'startChallenge'>;
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

function throttled(retryAfterSeconds: number, because: string, advice = ''): LoginThrottledError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return new LoginThrottledError(
    `Too many failed sign-in attempts ${because}. Try again in ${wait}${advice}.`,
    seconds,
  );
}

/** The throttle that applies to this account from this address, if any. */
function pairThrottle(pair: FailureCount, maxPerAccount: number): LoginThrottledError | undefined {
  const because = 'for this account from your address';
  const advice = ', or reset your password';
  if (pair.count >= maxPerAccount) return throttled(pair.retryAfterSeconds, because, advice);
  const wait = delayAfter(pair.count) - pair.sinceLatestSeconds;
  return wait > 0 ? throttled(wait, because, advice) : undefined;
}

export function createSignInService(deps: SignInServiceDeps) {
  const { db, sessions } = deps;
  const windowSeconds = Math.ceil(deps.loginThrottle.windowMs / 1000);

  return {
    /**
     * POST /auth/login: a session, or with two-factor sign-in on, the challenge of the second
     * step (POST /auth/login/two-factor).
     */
    async login(input: { email: string; password: string }, ctx: RequestContext): Promise<LoginResponse> {
      const { maxPerAccount, maxPerIp } = deps.loginThrottle;
      const [byPair, byIp] = await Promise.all([
        countLoginFailures(db, { email: input.email, ip: ctx.ip }, windowSeconds),
        countLoginFailures(db, { ip: ctx.ip }, windowSeconds),
      ]);
      const pairThrottled = pairThrottle(byPair, maxPerAccount);
      if (pairThrottled) throw pairThrottled;
      if (byIp.count >= maxPerIp) throw throttled(byIp.retryAfterSeconds, 'from your network');

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
      if (await deps.twoFactor.isTwoFactorEnabled(user.id)) {
        return db.transaction(async (tx) => {
          await clearLoginFailures(tx, input.email);
          return deps.twoFactor.startChallenge(tx, user.id);
        });
      }
      const session = await db.transaction(async (tx) => {
        await clearLoginFailures(tx, input.email);
        return sessions.start(tx, user.id, ctx);
      });
      return sessions.sessionOf(user, session);
    },

    /** POST /auth/logout: ends the session of the refresh token, else the one of the access token. */
    async logout(refreshToken: string | undefined, user: AuthUser | null): Promise<MessageResponse> {
      if (refreshToken) await sessions.revokeByRefreshToken(refreshToken);
      else if (user?.sessionId) await sessions.revokeFamily(user.id, user.sessionId);
      else throw unauthorized('Send the refresh token in the body, or the access token, to sign out.');
      return { message: 'You are signed out.' };
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
