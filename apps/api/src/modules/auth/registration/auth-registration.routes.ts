import {
  activateUserBodySchema,
  confirmBodySchema,
  registerBodySchema,
  registerResponseSchema,
  sessionSchema,
  activateUserResponseSchema,
} from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import type { RegistrationService } from './auth-registration.service.ts';
import { contextOf } from '../auth.request-context.ts';

/** POST /auth/register, /auth/confirm and /auth/networks/activate-user. */
export const registrationRoutes =
  (registration: RegistrationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/register',
      publicRoute('auth', {
        summary: 'Register; mails a confirmation code and an activation link (both valid 10 minutes)',
        description:
          'Answers 201 the same way for a new address, an unconfirmed one (a fresh code is sent) and one that already has a confirmed account (that address is mailed a "you already have an account" message instead), so the answer never reveals whether an account exists. Passwords: 8 to 128 characters and not one of the most common passwords.',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 503) },
      }),
      async (request, reply) => reply.status(201).send(await registration.register(request.body)),
    );

    app.post(
      '/auth/confirm',
      publicRoute('auth', {
        summary: 'Confirm the email with the code from the registration mail; signs in',
        description: 'A wrong code counts as an attempt; after 5 wrong attempts the code is void.',
        body: confirmBodySchema,
        response: { 200: sessionSchema, ...errorResponses(400) },
      }),
      async (request) => registration.confirm(request.body, contextOf(request)),
    );

    app.post(
      '/auth/networks/activate-user',
      publicRoute('auth', {
        summary: 'Exchange a one-time token (activation link or social sign-in) for a session',
        description:
          'The token is single use: a second call with it answers 400 TOKEN_USED. A social sign-in of an account with two-factor sign-in on answers the challenge of the second step instead of tokens (finish it with POST /auth/login/two-factor).',
        body: activateUserBodySchema,
        response: { 200: activateUserResponseSchema, ...errorResponses(400) },
      }),
      async (request) => registration.activateUser(request.body.token, contextOf(request)),
    );
  };
