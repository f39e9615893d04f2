import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@tripcrew/contracts/auth-two-factor';
import {
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  type MessageResponse,
  type Session,
  type TwoFactorChallenge,
} from '@tripcrew/contracts/auth';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict, unauthorized } from '../../../platform/errors.ts';
import type { PasswordChecks } from '../sessions/auth-password-checks.service.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';
import { userAccounts } from '../../users/index.ts';
import type { Sessions } from '../sessions/auth-sessions.service.ts';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findChallengeForUpdate,
  findTwoFactor,
  findTwoFactorForUpdate,
  insertChallenge,
  pruneChallenges,
  replaceRecoveryCodes,
  updateChallenge,
  updateTwoFactor,
  upsertPendingTwoFactor,
  useRecoveryCode,
  useStep,
  type TwoFactorRow,
} from './auth-two-factor.repository.ts';
import {
  createTwoFactorKeys,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  stepOfCode,
} from './auth-two-factor.secrets.ts';
import type { RequestContext } from '../auth.request-context.ts';

/**
 * Two-factor sign-in (TOTP): enrollment confirmed by a first code, recovery codes, the second
 * step of a sign-in, and the check other operations call (verifySecondFactor). Wrong codes are
 * throttled per user: after FREE_FAILURES the next try waits a delay that doubles with every
 * further failure (at most MAX_DELAY_SECONDS); a sign-in challenge also ends after
 * CHALLENGE_MAX_ATTEMPTS wrong codes. A code of a time step already used is refused.
 */

const FREE_FAILURES = 5;
const MAX_DELAY_SECONDS = 300;
/** Failures older than this are forgotten. */
const FAILURE_MEMORY_SECONDS = 3600;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface TwoFactorServiceDeps {
  db: Db;
  sessions: Sessions;
  /** The server secret the sealing and hashing keys are derived from. */
  serverSecret: string;
  /** The clock, in milliseconds (tests pin it). */
  now?: () => number;
  /** The per-account throttled password check of turning the second factor off. */
  passwordChecks: Pick<PasswordChecks, 'verify'>;
}

/** A 429 that says when to try again (the route copies it into Retry-After). */
export class TwoFactorThrottledError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      'TWO_FACTOR_THROTTLED',
      `Too many wrong codes. Try again in ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
      429,
    );
  }
}

type Status = 400 | 401;
const codeError = (code: string, message: string, status: Status) =>
  new AppError(code, message, status, { field: 'code' });
const wrongCode = (status: Status, extra = '') =>
  codeError(
    'TWO_FACTOR_CODE_WRONG',
    `This code is wrong. Enter the current code from your authenticator app, or an unused recovery code.${extra}`,
    status,
  );
const usedCode = (status: Status) =>
  codeError(
    'TWO_FACTOR_CODE_USED',
    'This code was already used. Wait for the next code in your authenticator app.',
    status,
  );
const challengeInvalid = () =>
  new AppError(
    'TWO_FACTOR_CHALLENGE_INVALID',
    'This sign-in step has expired or ended. Sign in again with your email and password.',
    401,
  );

type Verdict = { ok: true } | { ok: false; error: AppError; counted: boolean };

function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { db, sessions } = deps;
  const now = deps.now ?? (() => Date.now());
  const keys = createTwoFactorKeys(deps.serverSecret);

  /** Failures still remembered (0 when the latest is older than FAILURE_MEMORY_SECONDS). */
  function recentFailures(row: TwoFactorRow): { count: number; sinceSeconds: number } {
    if (!row.lastFailedAt) return { count: 0, sinceSeconds: 0 };
    const sinceSeconds = (now() - row.lastFailedAt.getTime()) / 1000;
    return sinceSeconds > FAILURE_MEMORY_SECONDS
      ? { count: 0, sinceSeconds }
      : { count: row.failedAttempts, sinceSeconds };
  }

  /** Checks a code inside the caller's transaction (the settings row locked); failures are counted. */
  async function verifyIn(tx: Db, row: TwoFactorRow, code: string, status: Status): Promise<Verdict> {
    const failures = recentFailures(row);
    const wait = delayAfter(failures.count) - failures.sinceSeconds;
    if (wait > 0) return { ok: false, error: new TwoFactorThrottledError(wait), counted: false };
    let outcome: 'ok' | 'wrong' | 'used';
    if (/^\d{6}$/.test(code)) {
      const step = stepOfCode(keys.open(row.userId, row.secretSealed), code, now());
      if (step === null) outcome = 'wrong';
      else outcome = (await useStep(tx, row.userId, step)) ? 'ok' : 'used';
    } else {
      const hash = keys.recoveryHash(row.userId, code);
      outcome = (await useRecoveryCode(tx, row.userId, hash, new Date(now()))) ? 'ok' : 'wrong';
    }
    if (outcome === 'ok') {
      await updateTwoFactor(tx, row.userId, { failedAttempts: 0, lastFailedAt: null });
      return { ok: true };
    }
    await updateTwoFactor(tx, row.userId, {
      failedAttempts: failures.count + 1,
      lastFailedAt: new Date(now()),
    });
    return { ok: false, error: outcome === 'used' ? usedCode(status) : wrongCode(status), counted: true };
  }

  async function enabledRowForUpdate(tx: Db, userId: string): Promise<TwoFactorRow> {
    const row = await findTwoFactorForUpdate(tx, userId);
    if (!row?.enabledAt) throw new AppError('TWO_FACTOR_OFF', 'Two-factor sign-in is not on.', 409);
    return row;
  }

  /** Runs `work` in a transaction that commits even when the code was wrong, then throws. */
  async function withCode<T>(work: (tx: Db) => Promise<{ ok: true; value: T } | Verdict>): Promise<T> {
    const outcome = await db.transaction(work);
    if (!outcome.ok) throw outcome.error;
    return (outcome as { ok: true; value: T }).value;
  }

  async function issueRecoveryCodes(tx: Db, userId: string): Promise<RecoveryCodes> {
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(
      tx,
      userId,
      recoveryCodes.map((code) => keys.recoveryHash(userId, code)),
    );
    return { recoveryCodes };
  }

  const service = {
    /** Whether the user has two-factor sign-in on (`on`: the caller's transaction, if any). */
    async isTwoFactorEnabled(userId: string, on: Db = db): Promise<boolean> {
      return Boolean((await findTwoFactor(on, userId))?.enabledAt);
    },

    /**
     * For operations that need the second factor (password change, account deletion…): does
     * nothing when two-factor sign-in is off; otherwise throws 400 TWO_FACTOR_CODE_REQUIRED
     * without a code, 400 TWO_FACTOR_CODE_WRONG / TWO_FACTOR_CODE_USED for a bad one, 429
     * TWO_FACTOR_THROTTLED after too many. A right code is used up (its step or recovery code).
     * Runs in its own transaction, so failures count even if the caller's operation fails.
     */
    async verifySecondFactor(userId: string, code: string | undefined): Promise<void> {
      await withCode<void>(async (tx) => {
        const row = await findTwoFactorForUpdate(tx, userId);
        if (!row?.enabledAt) return { ok: true, value: undefined };
        if (!code) {
          const error = codeError(
            'TWO_FACTOR_CODE_REQUIRED',
            'Enter the 6-digit code from your authenticator app, or a recovery code.',
            400,
          );
          return { ok: false, error, counted: false };
        }
        const verdict = await verifyIn(tx, row, code, 400);
        return verdict.ok ? { ok: true, value: undefined } : verdict;
      });
    },

    /** GET /auth/two-factor. */
    async status(userId: string): Promise<TwoFactorStatus> {
      const enabled = await service.isTwoFactorEnabled(userId);
      return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
    },

    /** POST /auth/two-factor/setup: a new secret, pending until confirmed with a code. */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await userAccounts.findById(db, userId);
      if (!user) throw unauthorized('Your account no longer exists. Please sign in again.');
      const secret = newTotpSecret();
      if (!(await upsertPendingTwoFactor(db, userId, keys.seal(userId, secret)))) {
        throw new AppError(
          'TWO_FACTOR_ALREADY_ON',
          'Two-factor sign-in is already on. Turn it off first to use another app.',
          409,
        );
      }
      const uri = otpauthUri(secret, user.email);
      return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
    },

    /**
     * POST /auth/two-factor/confirm: the first code turns it on and ends the other sessions
     * (signed in without the second factor); the recovery codes, once.
     */
    async confirm(userId: string, code: string, sessionId?: string): Promise<RecoveryCodes> {
      return withCode<RecoveryCodes>(async (tx) => {
        const row = await findTwoFactorForUpdate(tx, userId);
        if (!row) throw conflict('Start by adding Tripcrew to your authenticator app.');
        if (row.enabledAt)
          throw new AppError('TWO_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on.', 409);
        const verdict = await verifyIn(tx, row, code, 400);
        if (!verdict.ok) return verdict;
        await updateTwoFactor(tx, userId, { enabledAt: new Date(now()) });
        await sessions.revokeAllForUser(tx, userId, sessionId);
        return { ok: true, value: await issueRecoveryCodes(tx, userId) };
      });
    },

    /** POST /auth/two-factor/recovery-codes: new codes replace the old ones (a code needed). */
    async regenerateRecoveryCodes(userId: string, code: string): Promise<RecoveryCodes> {
      return withCode<RecoveryCodes>(async (tx) => {
        const verdict = await verifyIn(tx, await enabledRowForUpdate(tx, userId), code, 400);
        if (!verdict.ok) return verdict;
        return { ok: true, value: await issueRecoveryCodes(tx, userId) };
      });
    },

    /** POST /auth/two-factor/disable: password and a code. */
    async disable(userId: string, input: { password: string; code: string }): Promise<MessageResponse> {
      const user = await userAccounts.findById(db, userId);
      if (!user) throw unauthorized('Your account no longer exists. Please sign in again.');
      if (!(await deps.passwordChecks.verify(user, input.password))) {
        throw new AppError('WRONG_PASSWORD', 'Your password is wrong.', 400, { field: 'password' });
      }
      await withCode<void>(async (tx) => {
        const verdict = await verifyIn(tx, await enabledRowForUpdate(tx, userId), input.code, 400);
        if (!verdict.ok) return verdict;
        await deleteTwoFactor(tx, userId);
        return { ok: true, value: undefined };
      });
      return { message: 'Two-factor sign-in is off.' };
    },

    /** The second step of a sign-in, inside the caller's transaction (after the right password). */
    async startChallenge(tx: Db, userId: string): Promise<TwoFactorChallenge> {
      const challenge = randomToken();
      const expiresAt = new Date(now() + TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000);
      await insertChallenge(tx, { userId, tokenHash: sha256(challenge), expiresAt });
      if (Math.random() < 0.05) await pruneChallenges(tx, new Date(now() - 86_400_000));
      return { twoFactorRequired: true, challenge, expiresInSeconds: TWO_FACTOR_CHALLENGE_TTL_SECONDS };
    },

    /** POST /auth/login/two-factor: the challenge and a code finish the sign-in. */
    async completeLogin(input: { challenge: string; code: string }, ctx: RequestContext): Promise<Session> {
      const started = await withCode(async (tx) => {
        const challenge = await findChallengeForUpdate(tx, sha256(input.challenge));
        if (
          !challenge ||
          challenge.consumedAt ||
          challenge.expiresAt.getTime() <= now() ||
          challenge.attempts >= CHALLENGE_MAX_ATTEMPTS
        ) {
          throw challengeInvalid();
        }
        const row = await findTwoFactorForUpdate(tx, challenge.userId);
        const user = await userAccounts.findById(tx, challenge.userId);
        if (!row?.enabledAt || !user) throw challengeInvalid();
        const verdict = await verifyIn(tx, row, input.code, 401);
        if (!verdict.ok) {
          if (!verdict.counted) return verdict;
          const attempts = challenge.attempts + 1;
          const left = CHALLENGE_MAX_ATTEMPTS - attempts;
          await updateChallenge(tx, challenge.id, {
            attempts,
            ...(left <= 0 ? { consumedAt: new Date(now()) } : {}),
          });
          const error =
            left <= 0
              ? new AppError(
                  verdict.error.code,
                  'This code is wrong too, so this sign-in has ended. Sign in again with your email and password.',
                  401,
                  { field: 'code', reason: 'challenge-ended' },
                )
              : verdict.error;
          return { ok: false, error, counted: true };
        }
        await updateChallenge(tx, challenge.id, { consumedAt: new Date(now()) });
        const session = await sessions.start(tx, user.id, ctx);
        return { ok: true, value: { user, session } };
      });
      return sessions.sessionOf(started.user, started.session);
    },
  };
  return service;
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** What another operation needs to ask for the second factor (pass it in its deps). */
export type SecondFactorCheck = Pick<TwoFactorService, 'verifySecondFactor' | 'isTwoFactorEnabled'>;
