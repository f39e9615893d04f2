import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from './errors.ts';
import { AccessTokenError, type AccessTokens } from './tokens.ts';

/**
 * The auth guard every module uses (DESIGN §4). Registered once on the root instance by app.ts:
 *
 *   app.get('/core/trips', { preHandler: app.requireUser, schema: { … } },
 *     async (request) => service.listTrips(currentUser(request).id));
 *
 * (route-options.ts spells these out.) The OpenAPI document derives each operation's security
 * from its guard (openapi-document.ts), so a guarded route is always documented as such.
 *
 * - `app.requireUser`: a valid bearer access token is required; otherwise 401 (with
 *   `reason: "token-expired"` when it has only expired, so the web app refreshes and retries).
 * - `app.optionalUser`: anonymous callers pass with `request.user === null`; a bearer that IS sent
 *   must be valid (an expired one answers 401 token-expired, so the client refreshes instead of
 *   silently seeing the anonymous view).
 * - `currentUser(request)`: the signed-in user after requireUser (throws 401 if there is none).
 *
 * Access tokens are JWTs, but not only stateless: every call makes ONE query (`SignedInChecks`).
 * For a token issued for a session (`sid`, every token the API signs) it asks whether that
 * session is still active, so a session revoked from "Your devices", by a logout or a password
 * change stops its access token at once (401, reason `session-ended`); a session's rows go with
 * its user, so the same query also refuses a token whose account is gone. A token without a
 * session is checked against the account alone. Never a failed write further down.
 */

export interface AuthUser {
  id: string;
  /** The refresh-token family (session) the access token belongs to. */
  sessionId: string | undefined;
}

/**
 * The bearer requirement in OpenAPI terms. Guarded routes get it from their guard; a route that
 * checks a token itself (e.g. only without a body) declares `schema: { security: … }`.
 */
export const BEARER: Array<Record<string, string[]>> = [{ bearer: [] }];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser; null when anonymous. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    optionalUser: preHandlerAsyncHookHandler;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw unauthorized('Send the access token as "Authorization: Bearer <token>".');
  }
  return match[1];
}

/**
 * What the guard asks the database about a verified token (one query on the usual path):
 * `sessionActive` for a token issued for a session (`ip` is the caller's address, for the
 * session's "last used from"), `accountExists` for a token without one, and, only when a session
 * is no longer active, to tell a removed account from a signed-out device.
 */
export interface SignedInChecks {
  accountExists(userId: string): Promise<boolean>;
  sessionActive(userId: string, sessionId: string, ip: string): Promise<boolean>;
}

const noAccount = () => unauthorized('Your account no longer exists. Please sign in again.');

async function verify(
  tokens: AccessTokens,
  checks: SignedInChecks,
  token: string,
  ip: string,
): Promise<AuthUser> {
  let user: AuthUser;
  try {
    const claims = await tokens.verify(token);
    user = { id: claims.userId, sessionId: claims.sessionId };
  } catch (error) {
    if (error instanceof AccessTokenError && error.reason === 'expired') {
      throw unauthorized(
        'Your session has expired. Refresh the access token and try again.',
        'token-expired',
      );
    }
    throw unauthorized('Your access token is not valid. Please sign in again.');
  }
  if (!user.sessionId) {
    if (!(await checks.accountExists(user.id))) throw noAccount();
    return user;
  }
  if (await checks.sessionActive(user.id, user.sessionId, ip)) return user;
  if (!(await checks.accountExists(user.id))) throw noAccount();
  throw unauthorized('You have been signed out on this device. Please sign in again.', 'session-ended');
}

export function registerAuthGuard(app: FastifyInstance, tokens: AccessTokens, checks: SignedInChecks): void {
  app.decorateRequest('user', null);
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerOf(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    request.user = await verify(tokens, checks, token, request.ip);
  };
  const optionalUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerOf(request);
    request.user = token ? await verify(tokens, checks, token, request.ip) : null;
  };
  app.decorate('requireUser', requireUser);
  app.decorate('optionalUser', optionalUser);
}

/** The signed-in user; use after `preHandler: app.requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Please sign in to continue.');
  return request.user;
}
