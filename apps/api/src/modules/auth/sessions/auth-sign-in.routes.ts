import {
  loginBodySchema,
  logoutBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  loginResponseSchema,
  tokenPairSchema,
} from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER } from '../../../platform/auth-guard.ts';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import type { Sessions } from './auth-sessions.service.ts';
import { LoginThrottledError, type SignInService } from './auth-sign-in.service.ts';
import { contextOf } from '../auth.request-context.ts';

/** POST /auth/login, /auth/refresh and /auth/logout. */
export const signInRoutes =
  (deps: { signIn: SignInService; sessions: Sessions }): FastifyPluginAsyncZod =>
  async (app) => {
    const { signIn, sessions } = deps;

    app.post(
      '/auth/login',
      publicRoute('auth', {
        summary: 'Sign in with email and password',
        description:
          'A wrong email and a wrong password get the same 401. An unconfirmed account answers 403 with code UNCONFIRMED. Repeated failures are throttled per account and per address (429 LOGIN_THROTTLED with Retry-After). With two-factor sign-in on, the right password answers {twoFactorRequired, challenge, expiresInSeconds} instead of a session: finish with POST /auth/login/two-factor.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      }),
      async (request, reply) => {
        try {
          return await signIn.login(request.body, contextOf(request));
        } catch (err) {
          if (err instanceof LoginThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    app.post(
      '/auth/refresh',
      publicRoute('auth', {
        summary: 'Rotate the refresh token: returns a new access token and a new refresh token',
        description:
          'Refresh tokens are single use. Presenting one that was already rotated ends the whole sign-in (every token of its family) with 401 REFRESH_TOKEN_REUSED, except within a few seconds of the rotation, when two tabs refreshed at once: the slower one gets 401 REFRESH_IN_PROGRESS (reason "refresh-race") and the session stays alive.',
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401) },
      }),
      async (request) => sessions.refresh(request.body.refreshToken, contextOf(request)),
    );

    app.post(
      '/auth/logout',
      publicRoute('auth', {
        summary: 'Sign out: revokes the current refresh-token family',
        description:
          'Send {refreshToken} to end the session it belongs to (no access token needed, and an unknown token is simply ignored). Without a body, the session of the bearer access token is ended. The access tokens of the session are refused from then on.',
        security: [...BEARER, {}],
        body: logoutBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
      }),
      async (request, reply) => {
        const refreshToken = request.body?.refreshToken;
        if (!refreshToken) await app.requireUser.call(app, request, reply);
        return signIn.logout(refreshToken, request.user);
      },
    );
  };
