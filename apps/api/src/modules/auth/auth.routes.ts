import {
  activateUserBodySchema,
  changePasswordBodySchema,
  confirmBodySchema,
  loginBodySchema,
  logoutBodySchema,
  messageResponseSchema,
  oauthCallbackQuerySchema,
  providerParamsSchema,
  providersResponseSchema,
  recoveryBodySchema,
  recoveryConfirmBodySchema,
  refreshBodySchema,
  registerBodySchema,
  registerResponseSchema,
  sessionSchema,
  tokenPairSchema,
} from '@tripcrew/contracts/auth';
import { apiErrorSchema } from '@tripcrew/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import { LoginThrottledError, type AuthService, type RequestContext } from './auth.service.ts';
import type { Sessions } from './auth.sessions.ts';
import { OAUTH_COOKIE, OAUTH_COOKIE_PATH, STATE_TTL_SECONDS, type SocialService } from './auth.social.ts';

export interface AuthRoutesDeps {
  auth: AuthService;
  sessions: Sessions;
  social: SocialService;
  secureCookies: boolean;
}

function contextOf(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
}

const error = apiErrorSchema;

export const authRoutes =
  (deps: AuthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, sessions, social } = deps;

    app.post(
      '/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Register; mails a confirmation code and an activation link (both valid 10 minutes)',
          description:
            'Answers 201 the same way for a new address, an unconfirmed one (a fresh code is sent) and one that already has a confirmed account (that address is mailed a "you already have an account" message instead), so the answer never reveals whether an account exists. Passwords: 8 to 128 characters and not one of the most common passwords.',
          body: registerBodySchema,
          response: { 201: registerResponseSchema, 400: error, 503: error },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.register(request.body)),
    );

    app.post(
      '/auth/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm the email with the code from the registration mail; signs in',
          description: 'A wrong code counts as an attempt; after 5 wrong attempts the code is void.',
          body: confirmBodySchema,
          response: { 200: sessionSchema, 400: error },
        },
      },
      async (request) => auth.confirm(request.body, contextOf(request)),
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          description:
            'A wrong email and a wrong password get the same 401. An unconfirmed account answers 403 with code UNCONFIRMED. Repeated failures are throttled per account and per address (429 LOGIN_THROTTLED with Retry-After).',
          body: loginBodySchema,
          response: { 200: sessionSchema, 400: error, 401: error, 403: error, 429: error },
        },
      },
      async (request, reply) => {
        try {
          return await auth.login(request.body, contextOf(request));
        } catch (err) {
          if (err instanceof LoginThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Rotate the refresh token: returns a new access token and a new refresh token',
          description:
            'Refresh tokens are single use. Presenting one that was already rotated ends the whole sign-in (every token of its family) with 401 REFRESH_TOKEN_REUSED, except within a few seconds of the rotation, when two tabs refreshed at once: the slower one gets 401 REFRESH_IN_PROGRESS (reason "refresh-race") and the session stays alive.',
          body: refreshBodySchema,
          response: { 200: tokenPairSchema, 400: error, 401: error },
        },
      },
      async (request) => sessions.refresh(request.body.refreshToken, contextOf(request).userAgent),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: revokes the current refresh-token family',
          description:
            'Send {refreshToken} to end the session it belongs to (no access token needed, and an unknown token is simply ignored). Without a body, the session of the bearer access token is ended. Access tokens already issued stay valid until they expire (about 15 minutes).',
          security: [...BEARER, {}],
          body: logoutBodySchema,
          response: { 200: messageResponseSchema, 400: error, 401: error },
        },
      },
      async (request, reply) => {
        const refreshToken = request.body?.refreshToken;
        if (!refreshToken) await app.requireUser.call(app, request, reply);
        return auth.logout(refreshToken, request.user);
      },
    );

    app.post(
      '/auth/networks/activate-user',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a one-time token (activation link or social sign-in) for a session',
          description: 'The token is single use: a second call with it answers 400 TOKEN_USED.',
          body: activateUserBodySchema,
          response: { 200: tokenPairSchema, 400: error },
        },
      },
      async (request) => auth.activateUser(request.body.token, contextOf(request)),
    );

    app.post(
      '/auth/recovery',
      {
        schema: {
          tags: ['auth'],
          summary: 'Forgot password: mails a reset code (1234-5678, valid 30 minutes)',
          description: 'Always answers 200, whether or not an account exists for the address.',
          body: recoveryBodySchema,
          response: { 200: messageResponseSchema, 400: error, 503: error },
        },
      },
      async (request) => auth.recovery(request.body.email),
    );

    app.post(
      '/auth/recovery-confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the reset code; signs out every session',
          body: recoveryConfirmBodySchema,
          response: { 200: messageResponseSchema, 400: error },
        },
      },
      async (request) => auth.recoveryConfirm(request.body),
    );

    app.post(
      '/auth/change-password',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Change the password (signed in); signs out the other sessions',
          security: BEARER,
          body: changePasswordBodySchema,
          response: { 200: messageResponseSchema, 400: error, 401: error },
        },
      },
      async (request) => auth.changePassword(currentUser(request), request.body),
    );

    app.get(
      '/auth/providers',
      {
        schema: {
          tags: ['auth'],
          summary: 'Which social sign-in providers are enabled (for the login buttons)',
          response: { 200: providersResponseSchema },
        },
      },
      async () => social.providers(),
    );

    app.get(
      '/auth/networks/:provider',
      {
        config: { rateLimitGroup: 'auth' },
        schema: {
          tags: ['auth'],
          summary: 'Start social sign-in: 302 to Google or GitHub (state + PKCE)',
          description:
            'google and github redirect to the provider. facebook and apple answer 404 PROVIDER_DISABLED; a provider without credentials on this server answers 503 PROVIDER_NOT_CONFIGURED (GET /auth/providers tells which are enabled).',
          params: providerParamsSchema,
          response: { 404: error, 503: error },
        },
      },
      async (request, reply) => {
        const { url, cookie } = await social.start(request.params.provider);
        reply.setCookie(OAUTH_COOKIE, cookie, {
          path: OAUTH_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.secureCookies,
          maxAge: STATE_TTL_SECONDS,
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/auth/networks/:provider/callback',
      {
        config: { rateLimitGroup: 'auth' },
        schema: {
          tags: ['auth'],
          summary: 'Return from the provider: 302 to /auth/network?token=… (or /auth?error=…)',
          description:
            'Creates the user, or links the provider identity to the account with the same VERIFIED email. On success redirects to `${APP_URL}/auth/network?token=<one-time token>` (valid 2 minutes, for POST /auth/networks/activate-user). On failure redirects to `${APP_URL}/auth?error=<code>` with code access_denied, invalid_state, provider_error or email_unverified.',
          params: providerParamsSchema,
          querystring: oauthCallbackQuerySchema,
          response: { 404: error, 503: error },
        },
      },
      async (request, reply) => {
        const target = await social.finish(
          request.params.provider,
          request.query,
          request.cookies[OAUTH_COOKIE],
        );
        reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
        reply.header('cache-control', 'no-store');
        return reply.redirect(target, 302);
      },
    );
  };
