import {
  oauthCallbackQuerySchema,
  providerParamsSchema,
  providersResponseSchema,
} from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import { cookiesOf } from '../../../platform/cookies.ts';
import {
  OAUTH_COOKIE,
  OAUTH_COOKIE_PATH,
  STATE_TTL_SECONDS,
  type SocialService,
} from './auth-social.service.ts';

/** GET /auth/providers and the Google / GitHub redirects (start and callback). */
export const socialRoutes =
  (deps: { social: SocialService; secureCookies: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { social } = deps;

    app.get(
      '/auth/providers',
      publicRoute('auth', {
        summary: 'Which social sign-in providers are enabled (for the login buttons)',
        response: { 200: providersResponseSchema },
      }),
      async () => social.providers(),
    );

    app.get(
      '/auth/networks/:provider',
      {
        config: { rateLimitGroup: 'auth' },
        ...publicRoute('auth', {
          summary: 'Start social sign-in: 302 to Google or GitHub (state + PKCE)',
          description:
            'google and github redirect to the provider. facebook and apple answer 404 PROVIDER_DISABLED; a provider without credentials on this server answers 503 PROVIDER_NOT_CONFIGURED (GET /auth/providers tells which are enabled).',
          params: providerParamsSchema,
          response: errorResponses(404, 503),
        }),
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
        ...publicRoute('auth', {
          summary: 'Return from the provider: 302 to /auth/network?token=… (or /auth?error=…)',
          description:
            'Creates the user, or links the provider identity to the account with the same VERIFIED email. On success redirects to `${APP_URL}/auth/network?token=<one-time token>` (valid 2 minutes, for POST /auth/networks/activate-user). On failure redirects to `${APP_URL}/auth?error=<code>` with code access_denied, invalid_state, provider_error or email_unverified.',
          params: providerParamsSchema,
          querystring: oauthCallbackQuerySchema,
          response: errorResponses(404, 503),
        }),
      },
      async (request, reply) => {
        const target = await social.finish(
          request.params.provider,
          request.query,
          cookiesOf(request)[OAUTH_COOKIE],
        );
        reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
        reply.header('cache-control', 'no-store');
        return reply.redirect(target, 302);
      },
    );
  };
