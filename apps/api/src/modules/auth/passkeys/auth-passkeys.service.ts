import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_NAME_MAX_LENGTH,
  type AddPasskeyInput,
  type AuthenticationOptionsResponse,
  type Passkey,
  type PasskeyLoginInput,
  type RegistrationOptionsResponse,
} from '@tripcrew/contracts/auth-passkeys';
import type { Session } from '@tripcrew/contracts/auth';
import { isUuid, type Ok } from '@tripcrew/contracts/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { userAccounts } from '../../users/index.ts';
import {
  consumeAuthenticationChallenge,
  consumeRegistrationChallenge,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  insertPasskeyChallenge,
  listPasskeys,
  markPasskeyUsed,
  renamePasskey,
  type PasskeyRow,
} from './auth-passkeys.repository.ts';
import type { Sessions } from '../sessions/auth-sessions.service.ts';
import type { RequestContext } from '../auth.request-context.ts';

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server). The relying party is the app's own address
 * (APP_URL): its hostname is the RP ID and its origin the only origin accepted. Challenges are
 * kept on the server, single use and valid 5 minutes: a registration challenge belongs to the
 * signed-in user, a sign-in challenge is found by the opaque id returned with its options.
 * Sign-in is discoverable (no allowCredentials): the authenticator picks the account.
 */

const RP_NAME = 'Tripcrew';
const CEREMONY_TIMEOUT_MS = 120_000;

export interface PasskeysServiceDeps {
  db: Db;
  sessions: Sessions;
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const passkeyNotFound = () => notFound('There is no such passkey on your account.');

/** Every failed passkey sign-in is one 401: which part failed stays in the log. */
const signInFailed = () =>
  new AppError(
    'PASSKEY_SIGN_IN_FAILED',
    'This passkey could not sign you in. Try again, or use your email and password.',
    401,
  );

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A default name from the browser that added the passkey: "Passkey on iPhone", else "Passkey". */
export function defaultPasskeyName(userAgent: string | null): string {
  const systems: Array<[RegExp, string]> = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ];
  const system = systems.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1];
  return system ? `Passkey on ${system}` : 'Passkey';
}

export function createPasskeysService(deps: PasskeysServiceDeps) {
  const { db, sessions, log } = deps;
  const app = new URL(deps.appUrl);
  const rpID = app.hostname;
  const expectedOrigin = app.origin;

  return {
    /** POST /auth/passkeys/registration-options (signed in). */
    async registrationOptions(userId: string): Promise<RegistrationOptionsResponse> {
      const user = await userAccounts.findById(db, userId);
      if (!user) throw notFound('Your account no longer exists.');
      const existing = await listPasskeys(db, userId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userID: new TextEncoder().encode(user.id),
        userName: user.email,
        userDisplayName: `${user.name} ${user.lastName}`.trim(),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await insertPasskeyChallenge(db, {
        purpose: 'registration',
        userId,
        challenge: options.challenge,
        ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS,
      });
      // The contract checks the keys the app relies on and lets the library's others through.
      return { options: options as unknown as RegistrationOptionsResponse['options'] };
    },

    /** POST /auth/passkeys (signed in): checks the browser's answer and saves the passkey. */
    async add(userId: string, body: AddPasskeyInput, ctx: RequestContext): Promise<Passkey> {
      let challengeKnown = false;
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: async (challenge) => {
            // Single use: consumed even when a later check fails.
            challengeKnown = await consumeRegistrationChallenge(db, userId, challenge);
            return challengeKnown;
          },
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (error) {
        log.info({ err: (error as Error).message, challengeKnown }, 'passkey registration refused');
        verified = { verified: false };
      }
      if (!verified.verified) {
        throw new AppError(
          'PASSKEY_NOT_VERIFIED',
          challengeKnown
            ? 'This passkey could not be verified. Try adding it again.'
            : 'This passkey request has expired or was already used. Try adding the passkey again.',
          400,
        );
      }
      const { credential } = verified.registrationInfo;
      const name = (body.name ?? defaultPasskeyName(ctx.userAgent)).slice(0, PASSKEY_NAME_MAX_LENGTH);
      const row = await insertPasskey(db, {
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (body.response.response.transports ?? credential.transports ?? []).slice(0, 10),
        name,
      });
      if (!row) {
        throw new AppError('PASSKEY_EXISTS', 'This passkey is already registered on Tripcrew.', 409);
      }
      return toPasskey(row);
    },

    /** GET /auth/passkeys (signed in): the caller's own passkeys, newest first. */
    async list(userId: string): Promise<Passkey[]> {
      return (await listPasskeys(db, userId)).map(toPasskey);
    },

    /** PATCH /auth/passkeys/{id} (signed in): 404 for a passkey that is not the caller's. */
    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const row = isUuid(id) ? await renamePasskey(db, userId, id, name) : undefined;
      if (!row) throw passkeyNotFound();
      return toPasskey(row);
    },

    /** DELETE /auth/passkeys/{id} (signed in): 404 for a passkey that is not the caller's. */
    async remove(userId: string, id: string): Promise<Ok> {
      if (!isUuid(id) || !(await deletePasskey(db, userId, id))) throw passkeyNotFound();
      return { ok: true };
    },

    /** POST /auth/passkeys/authentication-options (public): discoverable, so no allowCredentials. */
    async authenticationOptions(): Promise<AuthenticationOptionsResponse> {
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      const challengeId = await insertPasskeyChallenge(db, {
        purpose: 'authentication',
        userId: null,
        challenge: options.challenge,
        ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS,
      });
      return { challengeId, options: options as unknown as AuthenticationOptionsResponse['options'] };
    },

    /** POST /auth/passkeys/login (public): the same session answer as POST /auth/login. */
    async login(body: PasskeyLoginInput, ctx: RequestContext): Promise<Session> {
      const challenge = isUuid(body.challengeId)
        ? await consumeAuthenticationChallenge(db, body.challengeId)
        : undefined;
      if (!challenge) {
        throw new AppError(
          'PASSKEY_CHALLENGE_EXPIRED',
          'This passkey sign-in has expired or was already used. Try again.',
          401,
        );
      }
      const passkey = await findPasskeyByCredentialId(db, body.response.id);
      if (!passkey) {
        log.info('passkey sign-in with an unknown credential');
        throw signInFailed();
      }
      let newCounter: number;
      try {
        const result = await verifyAuthenticationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
        if (!result.verified) throw new Error('signature not verified');
        newCounter = result.authenticationInfo.newCounter;
      } catch (error) {
        log.info({ err: (error as Error).message, passkeyId: passkey.id }, 'passkey sign-in refused');
        throw signInFailed();
      }
      // A discoverable credential names its user: it must be the passkey's owner.
      const handle = body.response.response.userHandle;
      if (handle !== undefined && handle !== isoBase64URL.fromUTF8String(passkey.userId)) {
        log.warn({ passkeyId: passkey.id }, 'passkey sign-in with a user handle of another user');
        throw signInFailed();
      }
      const user = await userAccounts.findById(db, passkey.userId);
      if (!user) throw signInFailed();
      if (!user.emailVerifiedAt) {
        throw new AppError(
          'UNCONFIRMED',
          'Confirm your email first: enter the code from the email we sent you.',
          403,
        );
      }
      const session = await db.transaction(async (tx) => {
        await markPasskeyUsed(tx, passkey.id, newCounter);
        return sessions.start(tx, user.id, ctx);
      });
      return sessions.sessionOf(user, session);
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
