import {
  type ActivateUserResponse,
  CONFIRMATION_TTL_SECONDS,
  type RegisterResponse,
  type Session,
} from '@tripcrew/contracts/auth';
import { AppError } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';
import { userAccounts } from '../../users/index.ts';
import {
  consumeOneTimeToken,
  findOneTimeTokenState,
  insertOneTimeToken,
  voidEmailCodes,
  voidOneTimeTokens,
} from './auth-codes.repository.ts';
import type { CodeMailServiceDeps } from './auth-codes.service.ts';
import type { TwoFactorService } from '../two-factor/auth-two-factor.service.ts';
import { alreadyRegisteredMail, confirmationMail } from '../auth.mails.ts';
import { assertStrongPassword } from '../auth.password-policy.ts';
import type { RequestContext } from '../auth.request-context.ts';

/**
 * Registration: the account, the confirmation code and the activation link mailed for it, and
 * their exchange for a session (the activation step also takes the social one-time token).
 */

export interface RegistrationServiceDeps extends CodeMailServiceDeps {
  /** A Google or GitHub sign-in of an account with two-factor sign-in on needs the code too. */
  twoFactor: Pick<TwoFactorService, 'isTwoFactorEnabled' | 'startChallenge'>;
}

const TOKEN_ERRORS = {
  used: [
    'TOKEN_USED',
    'This link was already used. Sign in with your email and password, or with Google or GitHub.',
  ],
  expired: [
    'TOKEN_EXPIRED',
    'This link has expired. Register again, or sign in with Google or GitHub again, to get a new one.',
  ],
  invalid: ['TOKEN_INVALID', 'This link is not valid. Check that you opened the whole link from the email.'],
} as const;

export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { db, sessions, codes, send, log, appUrl } = deps;

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
      const details = {
        name: input.name,
        lastName: input.lastName,
        phone: input.phone ?? null,
        passwordHash,
      };
      const outcome = await db.transaction(async (tx) => {
        let user = await userAccounts.findByEmailForUpdate(tx, input.email);
        if (!user) {
          user = await userAccounts.insert(tx, { email: input.email, ...details });
          // A concurrent registration of the same address won the insert: treat it as existing.
          user ??= await userAccounts.findByEmailForUpdate(tx, input.email);
          if (!user) throw new AppError('CONFLICT', 'Please try again.', 409);
        } else if (!user.emailVerifiedAt) {
          // Unconfirmed: whoever confirms the mailbox owns the account, so the latest details win.
          user = (await userAccounts.update(tx, user.id, details))!;
        } else {
          return { kind: 'exists' as const, user };
        }
        const code = await codes.issue(tx, user.id, 'confirm', CONFIRMATION_TTL_SECONDS);
        if (!code) return { kind: 'capped' as const, user };
        await voidOneTimeTokens(tx, user.id, 'activation');
        const activation = randomToken();
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
        const check = await codes.checkForEmail(tx, input.email, 'confirm', input.code);
        if (!check.ok) return check;
        const { user } = check;
        const confirmed = user.emailVerifiedAt
          ? user
          : (await userAccounts.update(tx, user.id, { emailVerifiedAt: new Date() }))!;
        await voidOneTimeTokens(tx, user.id, 'activation');
        return {
          ok: true as const,
          user: confirmed,
          session: await sessions.start(tx, user.id, ctx),
        };
      });
      if (!outcome.ok) throw outcome.error;
      return sessions.sessionOf(outcome.user, outcome.session);
    },

    /** POST /auth/networks/activate-user: consumes an activation-link or social one-time token. */
    async activateUser(token: string, ctx: RequestContext): Promise<ActivateUserResponse> {
      const tokenHash = sha256(token);
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, tokenHash);
        if (!consumed) {
          const state = await findOneTimeTokenState(tx, tokenHash);
          return {
            ok: false as const,
            state: state?.consumed
              ? ('used' as const)
              : state?.expired
                ? ('expired' as const)
                : ('invalid' as const),
          };
        }
        const user = await userAccounts.findById(tx, consumed.userId);
        if (!user) return { ok: false as const, state: 'invalid' as const };
        if (consumed.purpose === 'activation') {
          if (!user.emailVerifiedAt) await userAccounts.update(tx, user.id, { emailVerifiedAt: new Date() });
          await voidEmailCodes(tx, user.id, 'confirm');
        }
        // A social sign-in proves the provider account, not the second factor: ask for the code.
        if (consumed.purpose === 'social' && (await deps.twoFactor.isTwoFactorEnabled(user.id, tx))) {
          return {
            ok: true as const,
            kind: 'challenge' as const,
            challenge: await deps.twoFactor.startChallenge(tx, user.id),
          };
        }
        return {
          ok: true as const,
          kind: 'session' as const,
          session: await sessions.start(tx, user.id, ctx),
        };
      });
      if (outcome.ok)
        return outcome.kind === 'challenge' ? outcome.challenge : sessions.tokensFor(outcome.session);
      const [code, message] = TOKEN_ERRORS[outcome.state];
      throw new AppError(code, message, 400, { field: 'token' });
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
