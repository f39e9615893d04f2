import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from './errors.ts';
import { AccessTokenError, type AccessTokens } from './tokens.ts';

/**
 * The auth guard every module uses (DESIGN §4). Registered once on the root instance by app.ts:
 *
 *   app.get('/core/trips', { preHandler: app.requireUser, schema: { security: BEARER, … } },
 *     async (request) => service.listTrips(currentUser(request).id));
 *
 * - `app.requireUser`: a valid bearer access token is required; otherwise 401 (with
 *   `reason: "token-expired"` when it has only expired, so the web app refreshes and retries).
 * - `app.optionalUser`: anonymous callers pass with `request.user === null`; a bearer that IS sent
 *   must be valid (an expired one answers 401 token-expired, so the client refreshes instead of
 *   silently seeing the anonymous view).
 * - `currentUser(request)`: the signed-in user after requireUser (throws 401 if there is none).
 *
 * Access tokens are stateless JWTs: a revoked session keeps its access token until it expires
 * (at most ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default). The account itself is checked on
 * every call (`accountExists`, one primary-key lookup): a token whose user is gone answers 401,
 * never a failed write further down.
 */

export interface AuthUser {
  id: string;
  /** The refresh-token family (session) the access token belongs to. */
  sessionId: string | undefined;
}

/** For route schemas: `schema: { security: BEARER }` documents the bearer requirement in OpenAPI. */
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

/** Whether the account a verified token names still exists (the users module answers). */
export type AccountExists = (userId: string) => Promise<boolean>;

async function verify(tokens: AccessTokens, accountExists: AccountExists, token: string): Promise<AuthUser> {
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
  if (!(await accountExists(user.id))) {
    throw unauthorized('Your account no longer exists. Please sign in again.');
  }
  return user;
}

export function registerAuthGuard(
  app: FastifyInstance,
  tokens: AccessTokens,
  accountExists: AccountExists,
): void {
  app.decorateRequest('user', null);
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerOf(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    request.user = await verify(tokens, accountExists, token);
  };
  const optionalUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerOf(request);
    request.user = token ? await verify(tokens, accountExists, token) : null;
  };
  app.decorate('requireUser', requireUser);
  app.decorate('optionalUser', optionalUser);
}

/** The signed-in user; use after `preHandler: app.requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Please sign in to continue.');
  return request.user;
}
