import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
  type webcrypto,
} from 'node:crypto';
import { isUuid } from '@tripcrew/contracts/common';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * Token primitives: short-lived JWT access tokens (HS256), opaque random tokens stored only as
 * hashes, and numeric one-time codes.
 */

const ISSUER = 'tripcrew';
const ACCESS_AUDIENCE = 'tripcrew-api';

export interface AccessClaims {
  /** The user id (`sub`). */
  userId: string;
  /** The refresh-token family this access token was issued for (`sid`); verify() requires one. */
  sessionId: string | undefined;
}

export class AccessTokenError extends Error {
  override name = 'AccessTokenError';
  constructor(public readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'access token expired' : 'access token invalid');
  }
}

export interface AccessTokens {
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** Resolves the claims or throws AccessTokenError. */
  verify(token: string): Promise<AccessClaims>;
}

/**
 * The HS256 signing key, imported into WebCrypto once. Handing jose the raw secret bytes instead
 * would import them again on every sign and verify (about a third of an authenticated request's
 * CPU under load).
 */
function importSigningKey(secret: string): Promise<webcrypto.CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/**
 * How many verified tokens one instance remembers. A client sends the same access token on every
 * request of its 15 minutes, so after the first the signature check is a map lookup. The key is
 * the whole token, signature included: only a token that verified can hit.
 */
const VERIFIED_TOKENS = 10_000;

/** How far in the future an issue time may lie (clocks of several instances differ a little). */
const CLOCK_SKEW_SECONDS = 60;

interface Verified {
  claims: AccessClaims;
  expiresAtMs: number;
}

export function createAccessTokens(options: { secret: string; ttlSeconds: number }): AccessTokens {
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const signingKey = () => (imported ??= importSigningKey(options.secret));
  const verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS });
  return {
    ttlSeconds: options.ttlSeconds,
    async sign({ userId, sessionId }) {
      return new SignJWT(sessionId ? { sid: sessionId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${options.ttlSeconds}s`)
        .sign(await signingKey());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose: expired once the clock reaches `exp`.
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        throw new AccessTokenError('expired');
      }
      try {
        const { payload } = await jwtVerify(token, await signingKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: ACCESS_AUDIENCE,
        });
        // Only the shape sign() makes is accepted: a user id and a session id that are UUIDs
        // (anything else can name no account and must not reach a query; a token without a
        // session could not be revoked), an issue time not in the future and an expiry no
        // later than the configured lifetime after it (a token without one would never end).
        const { sub, sid, exp, iat } = payload;
        if (typeof exp !== 'number' || typeof iat !== 'number' || typeof sub !== 'string' || !isUuid(sub))
          throw new AccessTokenError('invalid');
        if (typeof sid !== 'string' || !isUuid(sid)) throw new AccessTokenError('invalid');
        const nowSeconds = Date.now() / 1000;
        if (iat > nowSeconds + CLOCK_SKEW_SECONDS || exp - iat > options.ttlSeconds)
          throw new AccessTokenError('invalid');
        const claims = { userId: sub, sessionId: sid };
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof AccessTokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
        throw new AccessTokenError('invalid');
      }
    },
  };
}

/** Signs a small JSON payload for a short-lived cookie (e.g. OAuth state + PKCE verifier). */
export async function signPayload(
  secret: string,
  audience: string,
  payload: Record<string, string>,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

/** The payload of signPayload, or undefined when it is forged, expired or for another audience. */
export async function verifyPayload(
  secret: string,
  audience: string,
  token: string,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
    });
    return payload;
  } catch {
    return undefined;
  }
}

/** 32 random bytes, base64url: refresh tokens, activation and social one-time tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Random hex id for stored file names and the like. */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Keyed hash for low-entropy secrets (numeric codes) so a leaked table cannot be brute-forced. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A uniformly random string of `length` decimal digits. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(randomInt(10));
  return out;
}
